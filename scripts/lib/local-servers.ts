// The real servers the counter's tests and bench start on loopback: the site's own (`npm start`'s
// script) and Debian's redis-server, each on a free port, and how to stop them.
import { type ChildProcess, spawn } from "node:child_process";
import { connect, createServer } from "node:net";

/** A free loopback port, from the operating system. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, "127.0.0.1", () => {
      socket.end();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });

/** Stops a child process and waits until it has exited. */
export async function stopProcess(child: ChildProcess, signal: NodeJS.Signals = "SIGTERM"): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill(signal);
  await exited;
}

/**
 * Debian's redis-server on a free loopback port, nothing saved to disk; resolves once it accepts
 * connections.
 */
export async function startRedis(): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(
    "redis-server",
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--protected-mode", "yes"],
    { stdio: "ignore" },
  );
  const failed = new Promise<never>((_, reject) => {
    child.once("error", (error: NodeJS.ErrnoException) =>
      reject(
        error.code === "ENOENT"
          ? new Error(
              "redis-server is not installed: the counter runs against a real Redis (apt-get install redis-server)",
            )
          : error,
      ),
    );
  });
  const listening = (async () => {
    for (let i = 0; i < 100; i++) {
      if (child.exitCode !== null) throw new Error(`redis-server stopped at once (exit ${child.exitCode})`);
      if (await accepts(port)) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error("redis-server did not start listening within 5 s");
  })();
  await Promise.race([listening, failed]);
  return { url: `redis://127.0.0.1:${port}`, child };
}

/** `npm start`'s script on a free port with `env` added; resolves once it serves. */
export async function startSiteProcess(
  env: Record<string, string>,
): Promise<{ origin: string; port: number; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ["scripts/start.mjs"], {
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`the site's server stopped (exit ${code})`)));
    child.stdout?.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("wasting time on")) resolve();
    });
  });
  return { origin: `http://localhost:${port}`, port, child };
}
