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

/** Whether something accepts connections on 127.0.0.1:`port` now. */
export const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, "127.0.0.1", () => {
      socket.end();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });

/**
 * Stops a child process and waits until it has exited: `signal`, then SIGKILL if it is still there
 * after `graceMs` (a process that does not stop is killed).
 */
export async function stopProcess(
  child: ChildProcess,
  signal: NodeJS.Signals = "SIGTERM",
  graceMs = 20_000,
): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill(signal);
  const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
  await exited;
  clearTimeout(timer);
}

/**
 * Debian's redis-server on loopback (a free port, or `port`), nothing saved to disk unless `dir` is
 * given; resolves once it accepts connections. `detached`: in a process group of its own, so a
 * terminal's Ctrl-C reaches only the caller, which stops it when it is time.
 */
export async function startRedis({
  port: fixedPort,
  dir,
  detached = false,
  more = [],
}: {
  port?: number;
  dir?: string;
  detached?: boolean;
  /** More of redis-server's options (`--replicaof host port`). */
  more?: string[];
} = {}): Promise<{
  url: string;
  port: number;
  child: ChildProcess;
}> {
  const port = fixedPort ?? (await freePort());
  // With `dir`, every write is appended to a file there before it is acknowledged (a restart keeps it).
  const persistence = dir ? ["--dir", dir, "--appendonly", "yes", "--appendfsync", "always"] : ["--appendonly", "no"];
  const child = spawn(
    "redis-server",
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", ...persistence, "--protected-mode", "yes", ...more],
    { stdio: "ignore", detached },
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
  return { url: `redis://127.0.0.1:${port}`, port, child };
}

/** Resolves once something accepts connections on `port`; rejects if `child` exits first, or after 5 s. */
export async function waitForPort(port: number, child: ChildProcess, what: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`${what} stopped at once (exit ${child.exitCode ?? child.signalCode})`);
    }
    if (await accepts(port)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${what} did not start listening within 5 s`);
}

/**
 * The site's server (server/main.ts, as `npm start` runs it) on a free port (or `port`), with `env` added;
 * resolves once it serves. With `maxOpenFiles`, it starts under `ulimit -n` of that many; each
 * line of its log is kept in `logs` and handed to `onLog`; `detached` as startRedis's.
 */
export async function startSiteProcess(
  env: Record<string, string>,
  {
    port: fixedPort,
    maxOpenFiles,
    onLog,
    detached = false,
    startTimeoutMs,
  }: {
    port?: number;
    maxOpenFiles?: number;
    onLog?: (line: string) => void;
    detached?: boolean;
    /** A server not serving within this long is killed, and the start fails with its log's last lines. */
    startTimeoutMs?: number;
  } = {},
): Promise<{ origin: string; port: number; child: ChildProcess; logs: string[] }> {
  // Without a port of the caller's, the server takes one from the system as it listens (PORT=0) and
  // says which in its first line: a port looked up free beforehand was now and then taken in
  // between (EADDRINUSE, the unit tests beside the browser tests' servers and connections).
  let port = fixedPort ?? 0;
  const [command, args] =
    maxOpenFiles === undefined
      ? [process.execPath, ["server/main.ts"]]
      : ["bash", ["-c", `ulimit -n ${Math.floor(maxOpenFiles)} && exec "$0" server/main.ts`, process.execPath]];
  const child = spawn(command, args, {
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ["ignore", "pipe", "inherit"],
    detached,
  });
  // Its log, one JSON line per entry.
  const logs: string[] = [];
  let partial = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    const lines = (partial + chunk.toString()).split("\n");
    partial = lines.pop() ?? "";
    logs.push(...lines);
    if (onLog) for (const line of lines) onLog(line);
  });
  await new Promise<void>((resolve, reject) => {
    const exited = (code: number | null) =>
      reject(new Error(`the site's server stopped (exit ${code}): ${logs.join("\n")}`));
    child.once("exit", exited);
    const late =
      startTimeoutMs === undefined
        ? undefined
        : setTimeout(() => {
            child.off("exit", exited);
            child.kill("SIGKILL");
            const last = [...logs, partial].filter(Boolean).slice(-10).join("\n");
            reject(
              new Error(
                `the site's server on ${fixedPort === undefined ? "a free port" : `port ${fixedPort}`} did not start within ${startTimeoutMs / 1000} s; its log's last lines:\n${last || "(none)"}`,
              ),
            );
          }, startTimeoutMs);
    const check = setInterval(() => {
      const listening = logs.find((line) => line.includes("wasting time on"));
      if (listening) {
        port = (JSON.parse(listening) as { port: number }).port;
        clearInterval(check);
        clearTimeout(late);
        child.off("exit", exited);
        resolve();
      }
    }, 20);
    child.once("exit", () => {
      clearInterval(check);
      clearTimeout(late);
    });
  });
  return { origin: `http://localhost:${port}`, port, child, logs };
}

/**
 * While a bench freezes a redis-server (SIGSTOP), Ctrl-C must not leave it frozen behind: on SIGINT
 * it is woken and killed with the other children, and the bench exits. Returns the function that
 * stops watching, for when the bench is done.
 */
export function thawOnInterrupt(redis: ChildProcess, ...others: ChildProcess[]): () => void {
  const thaw = () => {
    redis.kill("SIGCONT");
    redis.kill("SIGKILL");
    for (const child of others) child.kill("SIGKILL");
    process.exit(130);
  };
  process.once("SIGINT", thaw);
  return () => process.off("SIGINT", thaw);
}
