// The distributed site on one machine (issue 45): a real redis-server, the site's servers on it,
// and nginx in front with the shipped configuration, all on loopback ports. `npm run fleet` runs
// it for a person, the fleet's browser tests (e2e/fleet-*.spec.ts) and benches for themselves.
import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort, startRedis, startSiteProcess, stopProcess } from "./local-servers.ts";
import { type ProxyProcess, startProxy } from "./nginx.ts";
import { type SentinelGroup, startSentinelGroup } from "./redis-sentinel.ts";

export interface FleetServer {
  /** The server itself, past the proxy (for a test that asks one server, or its /readyz). */
  origin: string;
  port: number;
  pid: number;
  child: ChildProcess;
  /** Its log so far, one JSON line each (this run of it: a restart starts a new one). */
  logs: string[];
  /** The logs of its earlier runs, before each restart, oldest first. */
  earlierLogs: string[];
  /** GET /metrics of this server, when the fleet was asked for metrics. */
  metrics?: string;
}

export interface FleetOptions {
  /** How many site servers (3). */
  servers?: number;
  /**
   * Redis as a primary, a replica and three Sentinels (scripts/lib/redis-sentinel.ts), the servers
   * finding the primary through them (REDIS_SENTINELS), instead of one redis-server (REDIS_URL).
   */
  sentinel?: boolean;
  /** A server not serving within this long stops the fleet's start, with its log's last lines (60 s). */
  startTimeoutMs?: number;
  /** Told of each process the fleet starts, once it runs (`npm run fleet` kills them all on a second Ctrl-C). */
  onProcess?: (child: ChildProcess) => void;
  /** Settings for every server, over the fleet's own (REDIS_URL, TRUST_PROXY, VISITOR_SECRET, HOST). */
  env?: Record<string, string>;
  /** Each server serves its metrics on a port of its own (METRICS_PORT), named in `metrics`. */
  metrics?: boolean;
  /** The proxy's port (a free one by default). */
  port?: number;
  /** A change to the proxy's site configuration for this fleet (a test's header), after its ports. */
  editProxy?: (site: string) => string;
  /** The live visitors at once nginx is planned for (4,000; docs/deploy.md), or "stock": Debian's 768 a worker. */
  proxyVisitors?: number | "stock";
  /** Each line of server `k`'s log as it comes. */
  onLog?: (k: number, line: string) => void;
  /**
   * Every process in a process group of its own: a terminal's Ctrl-C then reaches only the caller,
   * which stops them in order (`npm run fleet`: Redis last, after the servers' last writes). By
   * default they share the caller's, so a test run's Ctrl-C ends them even if it ends the caller.
   */
  detached?: boolean;
}

export interface Fleet {
  /** The one address to open: the proxy's. */
  origin: string;
  proxy: ProxyProcess;
  /** Redis as the servers were given it: its URL, or "sentinel://" and the Sentinels. */
  redisUrl: string;
  /** With `sentinel`: the primary, the replica and the Sentinels; without, the one redis-server. */
  sentinel?: SentinelGroup;
  redis?: ChildProcess;
  /** The servers as they are now (a restart replaces its entry). */
  servers: FleetServer[];
  /** Stops server `k` with `signal` (SIGTERM: as a deploy does), waits for it, and starts it again on its port. */
  restart(k: number, signal?: NodeJS.Signals): Promise<FleetServer>;
  /** Stops the proxy, the servers and Redis, and removes what they wrote. Safe to call twice. */
  stop(): Promise<void>;
}

/**
 * Starts Redis, `servers` site servers of the production build on it (on 127.0.0.1, believing
 * X-Forwarded-For from the proxy on loopback only, all signing visitor tokens with one secret made
 * for this run), then nginx in front of them. Resolves once the proxy accepts connections; if any
 * part fails to start, what started is stopped and the error thrown.
 */
export async function startFleet({
  servers: count = 3,
  env = {},
  metrics = false,
  port,
  editProxy,
  proxyVisitors,
  onLog,
  detached = false,
  sentinel = false,
  startTimeoutMs = 60_000,
  onProcess = () => {},
}: FleetOptions = {}): Promise<Fleet> {
  const dir = mkdtempSync(join(tmpdir(), "pointless-fleet-"));
  const started: {
    redis?: Awaited<ReturnType<typeof startRedis>>;
    group?: SentinelGroup;
    proxy?: ProxyProcess;
    servers: FleetServer[];
  } = {
    servers: [],
  };
  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      // The proxy first, so no visitor reaches a server while it stops; then the servers (their
      // last writes go to Redis), then Redis.
      // Each is killed (SIGKILL) if it has not stopped after a grace: a server within 10 s of its
      // SIGTERM by itself, the others at once.
      await started.proxy?.stop();
      await Promise.all(started.servers.map((server) => stopProcess(server.child, "SIGTERM", 15_000)));
      if (started.redis) await stopProcess(started.redis.child, "SIGTERM", 5000);
      await started.group?.stop();
      rmSync(dir, { recursive: true, force: true });
    })();
    return stopping;
  };

  try {
    let redis: Record<string, string>;
    let redisUrl: string;
    if (sentinel) {
      started.group = await startSentinelGroup({ detached });
      for (const node of [...started.group.nodes, ...started.group.sentinelNodes]) onProcess(node.child);
      redis = { REDIS_SENTINELS: started.group.sentinels };
      redisUrl = `sentinel://${started.group.sentinels} (primary ${await started.group.primary()})`;
    } else {
      started.redis = await startRedis({ detached });
      onProcess(started.redis.child);
      redis = { REDIS_URL: started.redis.url };
      redisUrl = started.redis.url;
    }
    const settings: Record<string, string> = {
      HOST: "127.0.0.1",
      TRUST_PROXY: "loopback",
      // In hex: random base64 holds a placeholder's word (refused) once in a million draws.
      VISITOR_SECRET: randomBytes(32).toString("hex"),
      COUNTER_DATA_DIR: dir,
      ...env,
      ...redis,
    };
    const metricsPorts = metrics ? await Promise.all(Array.from({ length: count }, () => freePort())) : [];
    const startServer = async (k: number, fixedPort?: number): Promise<FleetServer> => {
      const metricsPort = metricsPorts[k];
      const more: Record<string, string> =
        metricsPort === undefined ? {} : { METRICS_PORT: String(metricsPort), METRICS_HOST: "127.0.0.1" };
      const server = await startSiteProcess(
        { ...settings, ...more },
        { port: fixedPort, onLog: onLog && ((line) => onLog(k, line)), detached, startTimeoutMs },
      );
      const entry: FleetServer = {
        // It listens on 127.0.0.1 only (HOST), where "localhost" may be tried as ::1 first.
        origin: `http://127.0.0.1:${server.port}`,
        port: server.port,
        pid: server.child.pid ?? 0,
        child: server.child,
        logs: server.logs,
        earlierLogs: [],
        ...(metricsPort === undefined ? {} : { metrics: `http://127.0.0.1:${metricsPort}/metrics` }),
      };
      started.servers[k] = entry;
      onProcess(server.child);
      return entry;
    };
    // At once: 1.1-1.2 s for three on two busy cores, against 1.5 s one after another.
    // Every start settled before going on: a failed one stops the fleet with the others started.
    const starts = await Promise.allSettled(Array.from({ length: count }, (_, k) => startServer(k)));
    const failed = starts.find((start) => start.status === "rejected");
    if (failed) throw failed.reason;
    started.proxy = await startProxy({
      upstreams: started.servers.map((server) => server.port),
      port,
      edit: editProxy,
      visitors: proxyVisitors,
      detached,
    });
    const proxy = started.proxy;
    onProcess(proxy.child);
    return {
      origin: proxy.origin,
      proxy,
      redisUrl,
      sentinel: started.group,
      redis: started.redis?.child,
      servers: started.servers,
      async restart(k, signal = "SIGTERM") {
        const server = started.servers[k];
        if (!server) throw new Error(`the fleet has no server ${k}`);
        await stopProcess(server.child, signal);
        const next = await startServer(k, server.port);
        next.earlierLogs = [...server.earlierLogs, ...server.logs, `(restarted with ${signal})`];
        return next;
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
