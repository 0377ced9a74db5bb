// `npm start` (after scripts/build-if-needed.mjs): the site's whole server. Serves the build, the
// API and the health checks on one port, opens the store, logs one JSON line per start, stop,
// store state change and server error, and stops cleanly on SIGTERM or SIGINT.
import type { Socket } from "node:net";
import { createApi } from "./http/api.ts";
import { clientAddress, limitKeys } from "./http/client-address.ts";
import { createSiteServer } from "./http/http.ts";
import { createProxyCheck } from "./http/proxy-check.ts";
import { createAddressBudget } from "./live/address-budget.ts";
import { createBus } from "./live/bus.ts";
import { localFleetOpen, redisFleetOpen } from "./live/fleet-open.ts";
import { localPresence, redisPresence } from "./live/presence.ts";
import { createLiveSockets } from "./live/sockets.ts";
import type { TopicModule } from "./live/topic.ts";
import type { ToyDeps } from "./live/toy.ts";
import { createVisitorTokens, storedSecret } from "./live/visitor.ts";
import { visitorLimit } from "./live/visitor-limit.ts";
import { openBackends } from "./ops/backends.ts";
import { type Config, ConfigError, readConfig } from "./ops/config.ts";
import { boundHeapGrowth } from "./ops/heap-growth.ts";
import { createFleetLimiter, type FleetLimit, fleetLimit, type Limit } from "./ops/limiter.ts";
import { createLogger, errorText, type Logger } from "./ops/log.ts";
import { createMetrics, serveMetrics } from "./ops/metrics.ts";
import { siteFiles } from "./static/static.ts";
import { SHARED_TOYS } from "./toys/shared-toys.ts";

/** What every shared toy is built with (server/live/toy.ts), as this process has it. */
export function toyDeps({ backends, bus, log, metrics, config }: Omit<ToyDeps, "limit" | "presence">): ToyDeps {
  const processId = `${process.pid}-${Date.now()}`;
  const limiter = (name: string, limit: FleetLimit) => createFleetLimiter(backends, name, limit, config.deadlineMs);
  return {
    backends,
    bus,
    log,
    metrics,
    config,
    limit: (name, perVisitor) => visitorLimit(limiter, name, perVisitor, config.visitorsPerAddress),
    presence: (topic) =>
      backends.kind === "redis" ? redisPresence(backends.redis, backends.guard, topic, processId) : localPresence(),
  };
}

/** Starts the server; resolves once it listens, with a function that stops it as SIGTERM does. */
export async function startServer(config: Config = readConfig(), log: Logger = createLogger(config.logLevel)) {
  const files = siteFiles(config.siteDir, log);
  const metrics = createMetrics();
  const backends = openBackends({
    ...config,
    log,
    observe: (store, outcome, seconds) => {
      metrics.storeSeconds.observe({ store, outcome }, seconds);
      if (outcome === "timeout") metrics.storeTimeouts.inc({ store });
    },
  });
  // The store's first try before anything asks it or the server listens: a server restarted in a
  // fleet under load answered 503 to the requests nginx gave it in the 200 ms its Redis connection
  // took ("The client is offline"). A store refused answers at once; one silent, within the
  // deadline (its connect timeout): pages are never held longer.
  await Promise.race([backends.firstTry, new Promise((resolve) => setTimeout(resolve, config.deadlineMs).unref())]);
  const bus = createBus(backends, log, { metrics, publishNext: config.busPublishNext });
  const limiter = (name: string, limit: FleetLimit) => createFleetLimiter(backends, name, limit, config.deadlineMs);
  const deps = toyDeps({ backends, bus, log, metrics, config });
  const perSecond = ({ burst, perMinute }: Limit) => ({ burst, perSecond: perMinute / 60 });
  /** Every topic of the live channel: the shared toys (server/toys/shared-toys.ts), the Useless Button's total among them. */
  const topics: TopicModule[] = SHARED_TOYS.map((toy) => toy(deps));
  const proxyCheck = createProxyCheck({ trust: config.trust, log, metrics });
  const live = createLiveSockets({
    topics,
    log,
    addressOf: (req) => {
      const header = req.headers["x-forwarded-for"];
      return clientAddress(req.socket.remoteAddress, Array.isArray(header) ? header.join(",") : header, config.trust);
    },
    keysOf: limitKeys,
    maxConnections: config.liveMaxConnections,
    maxPerAddress: config.liveMaxPerAddress,
    maxPerBlock: config.liveMaxPerBlock,
    maxPerVisitor: config.liveMaxPerVisitor,
    upgrades: limiter("upgrade", fleetLimit(config.upgradeLimit)),
    fleetOpen:
      backends.kind === "redis"
        ? redisFleetOpen(backends.redis, backends.guard, `${process.pid}-${Date.now()}`, log)
        : localFleetOpen(),
    budget: createAddressBudget({
      messages: perSecond(config.addressMessages),
      bytes: perSecond(config.addressBytes),
      fleetMessages: limiter("address-messages", fleetLimit(config.addressMessages)),
      fleetBytes: limiter("address-bytes", fleetLimit(config.addressBytes)),
    }),
    visitors: createVisitorTokens({
      secret: storedSecret(backends, config.visitorSecret),
      mintLimit: limiter("visitor-mint", fleetLimit(config.visitorMintLimit)),
    }),
    metrics,
    heartbeatMs: config.heartbeatMs,
    onOriginRefused: proxyCheck.originRefused,
  });
  const metricsServer =
    config.metricsPort === undefined ? null : await serveMetrics(metrics, config.metricsPort, config.metricsHost);
  const api = createApi({
    backends,
    routes: topics.flatMap((topic) => (topic.routes ? [topic.routes] : [])),
    log,
    limits: config.limits,
    deadlineMs: config.deadlineMs,
    trust: config.trust,
    warnings: proxyCheck.warnings,
    stopping: () => stopping !== undefined,
    liveRefusal: live.refusalFor,
  });
  const server = createSiteServer(files, {
    api: api.listener,
    upgrade: (req, socket, head) => {
      proxyCheck.arrived(req);
      live.upgrade(req, socket, head);
    },
    log,
  });
  if (typeof config.trust === "number" && config.trust > 0) {
    log.warn("TRUST_PROXY is a number of proxies: X-Forwarded-For is believed from any connection", {
      advice: "name the proxies' addresses or subnets (TRUST_PROXY=10.0.0.0/8) unless no client can reach this port",
    });
  }

  // Requests in flight, so a stop can wait for them (and no longer).
  const busy = new Set<Socket>();
  server.on("request", (req, res) => {
    proxyCheck.arrived(req);
    busy.add(req.socket);
    res.on("close", () => {
      busy.delete(req.socket);
      // Stopping: a keep-alive connection closes once its answer is out.
      if (stopping) server.closeIdleConnections();
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(config.port, config.host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const port = (server.address() as { port: number }).port;
  const metricsPort = metricsServer ? (metricsServer.address() as { port: number }).port : undefined;
  log.info(`Pointless Toys is wasting time on http://localhost:${port}`, {
    port,
    store: backends.where,
    metrics: metricsPort && `http://${config.metricsHost}:${metricsPort}/metrics`,
  });

  let stopping: Promise<void> | undefined;
  function stop(reason: string): Promise<void> {
    stopping ??= (async () => {
      const held = { inFlight: busy.size, live: live.connections };
      // No new connections or channels; idle keep-alive ones close now, busy ones after their
      // answer. Each topic writes what it still holds and answers every request of its last
      // window while its pages are still there to hear it (a page told nothing sends it again),
      // and only then are live channels told to come back later (their pages reconnect, to another
      // server or to this one once it is back).
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      live.stopAccepting();
      server.closeIdleConnections();
      // Said once it is so: a connection made after this line is refused (logged first, a client
      // that read it and connected at once got in before the listener closed, and was reset).
      log.info("stopping", { reason, ...held });
      // All at once: with a frozen store each may take its deadline more than once.
      await Promise.all(topics.map((topic) => topic.stop()));
      live.close();
      const grace = new Promise<void>((resolve) => setTimeout(resolve, config.graceMs).unref());
      await Promise.race([closed, grace]);
      // Whatever is still open after the grace (a hung request, a client that never reads) goes.
      server.closeAllConnections();
      api.stop();
      metricsServer?.close();
      await bus.close();
      await backends.close().catch((error: unknown) => log.warn("store did not close", { error: errorText(error) }));
      log.info("stopped");
    })();
    return stopping;
  }

  return { server, port, metricsPort, stop, backends };
}

/** The configuration, or the process stops (exit 1) with a line for each malformed setting. */
function configOrExit(): Config {
  try {
    return readConfig();
  } catch (error) {
    const log = createLogger("error");
    for (const problem of error instanceof ConfigError ? error.problems : [errorText(error)])
      log.error("cannot start", { error: problem });
    process.exit(1);
  }
}

if (import.meta.main) {
  boundHeapGrowth();
  const config = configOrExit();
  const log = createLogger(config.logLevel);
  process.on("unhandledRejection", (reason) => log.error("unhandled rejection", { error: errorText(reason) }));
  process.on("uncaughtException", (error) => {
    // Unknown state: say so in the log, and let the supervisor start a clean process.
    log.error("uncaught exception, exiting", { error: errorText(error) });
    process.exit(1);
  });
  // The signals are heard from before the server starts: a supervisor (or a test) that stops it the
  // moment it says it is ready, or while it starts, gets a clean stop, not the default end of the
  // process by the signal (a fresh-clone CI run under load saw exit code null). A signal is an
  // event: by the time one is handled, `started` is set.
  let started: ReturnType<typeof startServer> | undefined;
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, () => {
      // Whatever hangs, the process is gone within SHUTDOWN_GRACE_MS plus 2 s of the signal.
      setTimeout(() => {
        log.error("stop took too long, exiting");
        process.exit(1);
      }, config.graceMs + 2000).unref();
      void Promise.resolve(started)
        .then((server) => server?.stop(signal))
        .then(
          () => process.exit(0),
          () => process.exit(1),
        );
    });
  }
  started = startServer(config, log);
  try {
    await started;
  } catch (error) {
    log.error("cannot start", { error: errorText(error) });
    process.exit(1);
  }
}
