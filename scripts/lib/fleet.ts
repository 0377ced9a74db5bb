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

export interface FleetServer {
  /** The server itself, past the proxy (for a test that asks one server, or its /readyz). */
  origin: string;
  port: number;
  pid: number;
  child: ChildProcess;
  /** Its log so far, one JSON line each (this run of it: a restart starts a new one). */
  logs: string[];
  /** GET /metrics of this server, when the fleet was asked for metrics. */
  metrics?: string;
}

export interface FleetOptions {
  /** How many site servers (3). */
  servers?: number;
  /** Settings for every server, over the fleet's own (REDIS_URL, TRUST_PROXY, VISITOR_SECRET, HOST). */
  env?: Record<string, string>;
  /** Each server serves its metrics on a port of its own (METRICS_PORT), named in `metrics`. */
  metrics?: boolean;
  /** The proxy's port (a free one by default). */
  port?: number;
  /** A change to the proxy's site configuration for this fleet (a test's header), after its ports. */
  editProxy?: (site: string) => string;
  /** nginx's worker processes (1) and connections per worker (4096). */
  proxyWorkers?: number | "auto";
  proxyConnections?: number;
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
  redisUrl: string;
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
  proxyWorkers,
  proxyConnections,
  onLog,
  detached = false,
}: FleetOptions = {}): Promise<Fleet> {
  const dir = mkdtempSync(join(tmpdir(), "pointless-fleet-"));
  const started: { redis?: Awaited<ReturnType<typeof startRedis>>; proxy?: ProxyProcess; servers: FleetServer[] } = {
    servers: [],
  };
  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      // The proxy first, so no visitor reaches a server while it stops; then the servers (their
      // last writes go to Redis), then Redis.
      await started.proxy?.stop();
      await Promise.all(started.servers.map((server) => stopProcess(server.child)));
      if (started.redis) await stopProcess(started.redis.child);
      rmSync(dir, { recursive: true, force: true });
    })();
    return stopping;
  };

  try {
    started.redis = await startRedis({ detached });
    const settings: Record<string, string> = {
      HOST: "127.0.0.1",
      TRUST_PROXY: "loopback",
      VISITOR_SECRET: randomBytes(32).toString("base64url"),
      COUNTER_DATA_DIR: dir,
      ...env,
      REDIS_URL: started.redis.url,
    };
    const metricsPorts = metrics ? await Promise.all(Array.from({ length: count }, () => freePort())) : [];
    const startServer = async (k: number, fixedPort?: number): Promise<FleetServer> => {
      const metricsPort = metricsPorts[k];
      const more: Record<string, string> =
        metricsPort === undefined ? {} : { METRICS_PORT: String(metricsPort), METRICS_HOST: "127.0.0.1" };
      const server = await startSiteProcess(
        { ...settings, ...more },
        { port: fixedPort, onLog: onLog && ((line) => onLog(k, line)), detached },
      );
      const entry: FleetServer = {
        // It listens on 127.0.0.1 only (HOST), where "localhost" may be tried as ::1 first.
        origin: `http://127.0.0.1:${server.port}`,
        port: server.port,
        pid: server.child.pid ?? 0,
        child: server.child,
        logs: server.logs,
        ...(metricsPort === undefined ? {} : { metrics: `http://127.0.0.1:${metricsPort}/metrics` }),
      };
      started.servers[k] = entry;
      return entry;
    };
    // At once: 1.1-1.2 s for three on two busy cores, against 1.5 s one after another.
    await Promise.all(Array.from({ length: count }, (_, k) => startServer(k)));
    started.proxy = await startProxy({
      upstreams: started.servers.map((server) => server.port),
      port,
      edit: editProxy,
      workers: proxyWorkers,
      connections: proxyConnections,
      detached,
    });
    const proxy = started.proxy;
    return {
      origin: proxy.origin,
      proxy,
      redisUrl: started.redis.url,
      servers: started.servers,
      async restart(k, signal = "SIGTERM") {
        const server = started.servers[k];
        if (!server) throw new Error(`the fleet has no server ${k}`);
        await stopProcess(server.child, signal);
        return startServer(k, server.port);
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
