// Redis with a replica and three Sentinels on loopback, as docs/deploy.md sets them up on three
// machines: Debian's redis-server as the primary and the replica (each with its append-only file in
// a folder of its own) and as each Sentinel (`redis-server <file> --sentinel`). For `npm run fleet
// --sentinel`, the failover tests and the fleet bench.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "redis";
import { freePort, startRedis, stopProcess, waitForPort } from "./local-servers.ts";

export const SENTINEL_NAME = "pointless";

export interface RedisNode {
  port: number;
  dir: string;
  child: ChildProcess;
}

export interface SentinelGroup {
  /** REDIS_SENTINELS for the site's servers ("127.0.0.1:port,..."). */
  sentinels: string;
  name: string;
  /** The data nodes (the primary first at the start), by port; a restart replaces an entry. */
  nodes: RedisNode[];
  sentinelNodes: RedisNode[];
  /** The primary the Sentinels name now ("127.0.0.1:port"). */
  primary(): Promise<string>;
  /** Kills the primary with SIGKILL; resolves with its port once it has exited. */
  killPrimary(): Promise<number>;
  /** Resolves once the Sentinels name a primary other than `port`, and it takes writes. */
  promotedFrom(port: number, timeoutMs?: number): Promise<string>;
  /** Starts node `port` again from its folder: the Sentinels make it a replica of the primary in place. */
  restart(port: number): Promise<void>;
  /**
   * What the Sentinels logged of the primary's fate, each line named by its Sentinel's port: who
   * was called down (+sdown, +odown), the failovers and their outcome (+switch-master,
   * -failover-abort-...), the instances they made replicas (+convert-to-slave). For a failed test.
   */
  events(): string[];
  /** Every log of the group (each node's and each Sentinel's), by name. For a failed test. */
  logs(): { name: string; text: string }[];
  stop(): Promise<void>;
}

async function ask<T>(port: number, command: string[]): Promise<T> {
  const client = createClient({ socket: { host: "127.0.0.1", port, connectTimeout: 1000, reconnectStrategy: false } });
  client.on("error", () => {});
  await client.connect();
  try {
    return (await client.sendCommand(command)) as T;
  } finally {
    client.destroy();
  }
}

const readLog = (file: string) => (existsSync(file) ? readFileSync(file, "utf8") : "");
/** Each node's log and each Sentinel's, in its folder (read back by `events` and `logs`). */
const NODE_LOG = "redis.log";
const SENTINEL_LOG = "sentinel.log";
/** A node's log to its folder, started first or again. */
const nodeLogArgs = (dir: string) => ["--logfile", join(dir, NODE_LOG)];

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `check` is true (asked every 100 ms), or throws `what` after `timeoutMs`. */
async function until(check: () => Promise<boolean>, timeoutMs: number, what: string) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check().catch(() => false)) return;
    await pause(100);
  }
  throw new Error(`${what} within ${timeoutMs} ms`);
}

/**
 * A primary, one replica of it and three Sentinels (quorum 2), each on a free loopback port, the
 * Sentinels calling the primary down after `downAfterMs` without an answer. Resolves once the
 * replica has synced and every Sentinel knows the replica and the two other Sentinels, so a
 * failover can happen from then on. `detached` as startRedis's.
 */
export async function startSentinelGroup({
  downAfterMs = 1000,
  detached = false,
}: {
  downAfterMs?: number;
  detached?: boolean;
} = {}): Promise<SentinelGroup> {
  const root = mkdtempSync(join(tmpdir(), "pointless-sentinel-"));
  const nodes: RedisNode[] = [];
  const sentinelNodes: RedisNode[] = [];
  const stop = async () => {
    for (const node of [...sentinelNodes, ...nodes]) {
      node.child.kill("SIGCONT");
      await stopProcess(node.child);
    }
    rmSync(root, { recursive: true, force: true });
  };
  const startNode = async (port: number, replicaOf?: number) => {
    const dir = join(root, `redis-${port}`);
    mkdirSync(dir, { recursive: true });
    const redis = await startRedis({
      port,
      dir,
      detached,
      more: [...nodeLogArgs(dir), ...(replicaOf === undefined ? [] : ["--replicaof", "127.0.0.1", String(replicaOf)])],
    });
    return { port, dir, child: redis.child };
  };
  try {
    const primaryPort = await freePort();
    nodes.push(await startNode(primaryPort));
    nodes.push(await startNode(await freePort(), primaryPort));
    await until(
      async () => (await ask<string>(nodes[1]?.port ?? 0, ["INFO", "replication"])).includes("master_link_status:up"),
      10_000,
      "the replica did not sync",
    );
    for (let k = 0; k < 3; k++) {
      const port = await freePort();
      const dir = join(root, `sentinel-${port}`);
      mkdirSync(dir, { recursive: true });
      const file = join(dir, "sentinel.conf");
      // The Sentinel rewrites its own file as it learns (other Sentinels, replicas, promotions).
      writeFileSync(
        file,
        [
          `port ${port}`,
          "bind 127.0.0.1",
          `dir ${dir}`,
          `logfile ${join(dir, SENTINEL_LOG)}`,
          `sentinel monitor ${SENTINEL_NAME} 127.0.0.1 ${primaryPort} 2`,
          `sentinel down-after-milliseconds ${SENTINEL_NAME} ${downAfterMs}`,
          `sentinel failover-timeout ${SENTINEL_NAME} ${Math.max(3000, downAfterMs * 3)}`,
          `sentinel parallel-syncs ${SENTINEL_NAME} 1`,
          "",
        ].join("\n"),
      );
      const child = spawn("redis-server", [file, "--sentinel"], { stdio: "ignore", detached });
      sentinelNodes.push({ port, dir, child });
      await waitForPort(port, child, "redis-server --sentinel");
    }
    await until(
      async () => {
        for (const { port } of sentinelNodes) {
          // A map (RESP3) or a flat list of names and values (RESP2).
          const reply = await ask<string[] | Record<string, string>>(port, ["SENTINEL", "MASTER", SENTINEL_NAME]);
          const info = Array.isArray(reply)
            ? Object.fromEntries(reply.flatMap((value, i) => (i % 2 ? [] : [[value, reply[i + 1]]])))
            : reply;
          if (String(info["num-other-sentinels"]) !== "2" || String(info["num-slaves"]) !== "1") return false;
        }
        return true;
      },
      20_000,
      "the Sentinels did not find each other and the replica",
    );
  } catch (error) {
    await stop();
    throw error;
  }

  const primary = async () => {
    for (const { port } of sentinelNodes) {
      try {
        const [host, at] = await ask<[string, string]>(port, ["SENTINEL", "GET-MASTER-ADDR-BY-NAME", SENTINEL_NAME]);
        return `${host}:${at}`;
      } catch {
        // The next Sentinel.
      }
    }
    throw new Error("no Sentinel answers");
  };
  const nodeAt = (port: number) => {
    const node = nodes.find((n) => n.port === port);
    if (!node) throw new Error(`no Redis node on port ${port}`);
    return node;
  };
  return {
    sentinels: sentinelNodes.map(({ port }) => `127.0.0.1:${port}`).join(","),
    name: SENTINEL_NAME,
    nodes,
    sentinelNodes,
    primary,
    async killPrimary() {
      const port = Number((await primary()).split(":").pop());
      await stopProcess(nodeAt(port).child, "SIGKILL");
      return port;
    },
    async promotedFrom(port, timeoutMs = 30_000) {
      let now = "";
      await until(
        async () => {
          now = await primary();
          if (now.endsWith(`:${port}`)) return false;
          const role = await ask<unknown[]>(Number(now.split(":").pop()), ["ROLE"]);
          return role[0] === "master";
        },
        timeoutMs,
        `no replica of 127.0.0.1:${port} was promoted`,
      );
      return now;
    },
    async restart(port) {
      const node = nodeAt(port);
      if (node.child.exitCode === null && node.child.signalCode === null) await stopProcess(node.child);
      // As the old primary's own configuration says: the Sentinels see it back and make it a replica.
      const started = await startRedis({ port, dir: node.dir, detached, more: nodeLogArgs(node.dir) });
      node.child = started.child;
    },
    events() {
      return sentinelNodes.flatMap(({ port, dir }) =>
        readLog(join(dir, SENTINEL_LOG))
          .split("\n")
          .filter((line) =>
            /[+-](sdown|odown|switch-master|convert-to-slave|failover-abort[\w-]*|failover-end|elected-leader|promoted-slave)(\s|$)/.test(
              line,
            ),
          )
          .map((line) => `sentinel ${port}: ${line.replace(/^\d+:X /, "")}`),
      );
    },
    logs() {
      return [
        ...nodes.map(({ port, dir }) => ({ name: `redis ${port}`, text: readLog(join(dir, NODE_LOG)) })),
        ...sentinelNodes.map(({ port, dir }) => ({ name: `sentinel ${port}`, text: readLog(join(dir, SENTINEL_LOG)) })),
      ];
    },
    stop,
  };
}
