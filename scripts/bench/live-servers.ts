// The servers `npm run bench:live` measures: one process on SQLite, or two on one Redis, each on a
// free port, with a way to read the sheet as the store holds it, to kill (SQLite) and to stop.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { createClient, RESP_TYPES } from "redis";
import { bytesFor } from "../../contracts/bubbles.ts";
import { BITS, STATE } from "../../server/bubbles/redis.ts";
import { freePort, startRedis, startSiteProcess, stopProcess } from "../lib/local-servers.ts";

export interface Setup {
  origins: string[];
  pids: () => number[];
  /** The sheet as the store holds it. */
  stored: () => Promise<{ sheet: number; bits: Uint8Array }>;
  kill: () => Promise<void>;
  /** Stops every server process as a deploy does (SIGTERM) and starts each again on its port. */
  restart: () => Promise<void>;
  stop: () => Promise<void>;
}

export async function setUp(
  kind: "SQLite" | "Redis",
  size: number,
  clients: number,
  extraEnv: Record<string, string> = {},
): Promise<Setup> {
  const dataDir = mkdtempSync(join(tmpdir(), "bench-live-"));
  const env = {
    BUBBLES_SHEET_SIZE: String(size),
    TRUST_PROXY: "loopback",
    LIVE_MAX_CONNECTIONS: String(clients + 100),
    COUNTER_DATA_DIR: dataDir,
    ...extraEnv,
  };
  if (kind === "SQLite") {
    const port = await freePort();
    let server = await startSiteProcess(env, { port });
    return {
      origins: [server.origin],
      pids: () => [server.child.pid as number],
      async stored() {
        const db = new DatabaseSync(join(dataDir, "clicks.sqlite"), { readOnly: true });
        const row = db.prepare("SELECT sheet, bits FROM bubble_sheet WHERE id = 1").get() as {
          sheet: number;
          bits: Uint8Array;
        };
        db.close();
        return { sheet: Number(row.sheet), bits: new Uint8Array(row.bits) };
      },
      async kill() {
        await stopProcess(server.child, "SIGKILL");
        server = await startSiteProcess(env, { port });
      },
      async restart() {
        await stopProcess(server.child);
        server = await startSiteProcess(env, { port });
      },
      async stop() {
        await stopProcess(server.child);
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const redis = await startRedis({ dir: dataDir });
  const redisEnv = { ...env, REDIS_URL: redis.url };
  let servers = await Promise.all([1, 2].map(() => startSiteProcess(redisEnv)));
  const admin = createClient({ url: redis.url });
  await admin.connect();
  return {
    origins: servers.map((s) => s.origin),
    pids: () => servers.map((s) => s.child.pid as number),
    async stored() {
      const [sheet, raw] = (await admin.sendCommand(
        ["EVAL", "return {redis.call('HGET', KEYS[1], 'sheet'), redis.call('GET', KEYS[2]) or ''}", "2", STATE, BITS],
        { typeMapping: { [RESP_TYPES.BLOB_STRING]: Buffer } },
      )) as [Buffer, Buffer];
      const bits = new Uint8Array(bytesFor(size));
      bits.set(raw.subarray(0, bits.length));
      return { sheet: Number(sheet.toString()), bits };
    },
    async kill() {
      throw new Error("the kill test runs on SQLite");
    },
    async restart() {
      await Promise.all(servers.map((s) => stopProcess(s.child)));
      servers = await Promise.all(servers.map((s) => startSiteProcess(redisEnv, { port: s.port })));
    },
    async stop() {
      await admin.close();
      await Promise.all(servers.map((s) => stopProcess(s.child)));
      await stopProcess(redis.child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
