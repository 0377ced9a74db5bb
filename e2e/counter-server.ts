import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * A server of the site's own (`npm start`'s script), with a global counter nobody else touches:
 * its own port and data folder, so a test can expect exact totals while other tests click on the
 * suite's shared server.
 */
export interface CounterServer {
  origin: string;
  /** The total as the API reports it. */
  total(): Promise<number>;
  /** Counts a batch through the API, as another visitor would. */
  add(clicks: number): Promise<void>;
  stop(): Promise<void>;
}

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

export async function startCounterServer(): Promise<CounterServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "pointless-counter-"));
  const child: ChildProcess = spawn(process.execPath, ["scripts/start.mjs"], {
    env: {
      ...process.env,
      PORT: String(port),
      COUNTER_DATA_DIR: dataDir,
      COUNTER_READ_LIMIT: "10000/100000",
      COUNTER_WRITE_LIMIT: "10000/100000",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const origin = `http://localhost:${port}`;
  await new Promise<void>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`the counter's server stopped (exit ${code})`)));
    child.stdout?.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("wasting time on")) resolve();
    });
  });
  let batch = 0;
  return {
    origin,
    async total() {
      const response = await fetch(`${origin}/api/clicks`);
      return ((await response.json()) as { total: number }).total;
    },
    async add(clicks) {
      const response = await fetch(`${origin}/api/clicks`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ batch: `another-visitor-${port}-${++batch}`, clicks }),
      });
      if (!response.ok) throw new Error(`the API refused a batch: ${response.status}`);
    },
    async stop() {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
