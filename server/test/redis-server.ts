import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import type { TestProject } from "vitest/node";

/** A free loopback port, from the operating system. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Waits until something accepts connections on the port. */
async function answers(port: number, child: ChildProcess): Promise<void> {
  const { connect } = await import("node:net");
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) throw new Error(`redis-server stopped at once (exit ${child.exitCode})`);
    const ok = await new Promise<boolean>((resolve) => {
      const socket = connect(port, "127.0.0.1", () => {
        socket.end();
        resolve(true);
      });
      socket.once("error", () => resolve(false));
    });
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("redis-server did not start listening within 5 s");
}

declare module "vitest" {
  export interface ProvidedContext {
    redisUrl: string;
  }
}

/**
 * Vitest's global setup for the server's tests: a real Redis (Debian's redis-server) on a free
 * loopback port, with nothing saved to disk, stopped when the tests end.
 */
export default async function startRedis(project: TestProject): Promise<() => void> {
  const port = await freePort();
  const redis = spawn(
    "redis-server",
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--protected-mode", "yes"],
    { stdio: "ignore" },
  );
  const started = new Promise<void>((resolve, reject) => {
    redis.once("error", (error: NodeJS.ErrnoException) =>
      reject(
        error.code === "ENOENT"
          ? new Error(
              "redis-server is not installed: the counter's tests run against a real Redis (apt-get install redis-server)",
            )
          : error,
      ),
    );
    answers(port, redis).then(resolve, reject);
  });
  await started;
  project.provide("redisUrl", `redis://127.0.0.1:${port}`);
  return () => {
    redis.kill();
  };
}
