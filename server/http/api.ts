import type { IncomingMessage, ServerResponse } from "node:http";
import { getRequestListener, RequestError } from "@hono/node-server";
import { Hono } from "hono";
import { LIVE_PATH } from "../../contracts/live.ts";
import type { Backends } from "../ops/backends.ts";
import { createFleetLimiter, fleetLimit, type Limit } from "../ops/limiter.ts";
import { errorText, type Logger } from "../ops/log.ts";
import { StoreUnavailable } from "../ops/store-guard.ts";
import { clientAddress, maskAddress, type Trust } from "./client-address.ts";
import { type ApiEnv, type ApiLimits, error, secondsToWait, tooMany } from "./http-api.ts";

export const DEFAULT_LIMITS = {
  read: { burst: 30, perMinute: 120 },
  // A send every two seconds is 30 a minute; a tab catching up after a while offline sends more.
  write: { burst: 30, perMinute: 90 },
} as const;

/** The operator's checks, never limited (a balancer asks them from one address every few seconds). */
const unlimited = (path: string) => path === "/healthz" || path === "/readyz";
const kindOf = (method: string) => (method === "GET" || method === "HEAD" ? "read" : "write");

/** Clients the limiter refused ("read 198.51.100.1"), until when; at most MAX_REFUSED, then all forgotten. */
const MAX_REFUSED = 50_000;
function refusedClients() {
  let until = new Map<string, number>();
  return {
    size: () => until.size,
    remember(client: string, seconds: number) {
      if (until.size >= MAX_REFUSED) until = new Map();
      until.set(client, Date.now() + seconds * 1000);
    },
    secondsLeft(client: string) {
      const at = until.get(client);
      if (at === undefined) return 0;
      const left = Math.ceil((at - Date.now()) / 1000);
      if (left <= 0) until.delete(client);
      return Math.max(0, left);
    },
  };
}

/** A store that does not answer: the page tries again after this many seconds. */
export const RETRY_AFTER_S = 5;

export interface ApiOptions {
  backends: Backends;
  /** Routes of the shared toys (the counter's /api/clicks, each toy's state over plain HTTP ...). */
  routes?: readonly Hono<ApiEnv>[];
  log: Logger;
  limits?: { read: Limit; write: Limit };
  /** The store's deadline, which the limits' own store calls keep too. */
  deadlineMs?: number;
  /** The proxies in front of this server whose X-Forwarded-For is believed (TRUST_PROXY); 0 on the open internet. */
  trust?: Trust;
  /** Signs of a proxy in front set up wrong (server/http/proxy-check.ts), listed by /readyz. */
  warnings?: () => { kind: string; advice: string }[];
  /** The server is stopping: /readyz says not ready, so a balancer takes it out of rotation at once. */
  stopping?: () => boolean;
  /** Why the live channel would refuse a channel from `address` now (sockets.ts refusalFor), or null. */
  liveRefusal?: (address: string) => { status: 503 | 429; retryMs: number; reason: string } | null;
}

/**
 * Everything the server answers besides files: the shared toys' routes under /api/ (the click
 * counter's among them), and the operator's /healthz (the process answers) and /readyz (the store
 * answers within its deadline). Every answer is JSON; an error nobody expected (a route's throw or
 * rejection, whatever the body was) is a 500 and a log line, never the process's end; a store out
 * of reach a 503 with Retry-After. Every route but the operator's two, GET and HEAD included, is
 * limited per client as the live channel's limits are (limiter.ts), for the whole fleet with Redis.
 */
export function createApi({
  backends,
  routes = [],
  log,
  limits = DEFAULT_LIMITS,
  deadlineMs = 1500,
  trust = 0,
  warnings = () => [],
  stopping = () => false,
  liveRefusal = () => null,
}: ApiOptions) {
  const apiLimits: ApiLimits = {
    read: createFleetLimiter(backends, "api-read", fleetLimit(limits.read), deadlineMs),
    write: createFleetLimiter(backends, "api-write", fleetLimit(limits.write), deadlineMs),
  };
  const app = new Hono<ApiEnv>();
  const refused = refusedClients();

  app.use(async (c, next) => {
    const incoming = c.env?.incoming;
    c.set("address", clientAddress(incoming?.socket.remoteAddress, c.req.header("x-forwarded-for"), trust));
    c.set("limits", apiLimits);
    await next();
  });

  app.get("/healthz", (c) => {
    c.header("Cache-Control", "no-store");
    return c.json({ ok: true });
  });
  app.get("/readyz", async (c) => {
    c.header("Cache-Control", "no-store");
    // What arrives that shows a proxy in front set up wrong: ready all the same, but said. With
    // Redis, the primary in use, and how many replicas it has (when writes wait for them).
    const replicas = backends.replicas();
    const signs = [
      ...warnings(),
      ...(replicas === 0
        ? [
            {
              kind: "no-replica",
              advice:
                "the Redis primary has no replica connected: writes are refused (the pages keep them and send them again) until one is back, or acknowledged by the primary alone once it has had none for REDIS_ALONE_AFTER_S; start the replica (or the old primary, which Sentinel makes a replica)",
            },
          ]
        : []),
      ...(replicas === "unknown"
        ? [
            {
              kind: "replicas-unknown",
              advice:
                "the Redis primary does not say how many replicas it has (ROLE refused or unanswered; an ACL without @dangerous refuses it): every write waits for REDIS_WAIT_REPLICAS replicas and is refused when fewer have it; allow ROLE for the site's Redis user",
            },
          ]
        : []),
    ];
    const warned = {
      ...(backends.kind === "redis"
        ? { primary: backends.primary() ?? null, ...(replicas === null ? {} : { replicas }) }
        : {}),
      ...(signs.length > 0 ? { warnings: signs } : {}),
    };
    if (stopping()) {
      c.header("Retry-After", String(RETRY_AFTER_S));
      return c.json({ ready: false, store: backends.kind, ...warned, ...error("The server is stopping.") }, 503);
    }
    try {
      await backends.ping();
      return c.json({ ready: true, store: backends.kind, ...warned });
    } catch {
      c.header("Retry-After", String(RETRY_AFTER_S));
      return c.json({ ready: false, store: backends.kind, ...warned, ...error("The store does not answer.") }, 503);
    }
  });

  // Every route of the toys, and any path under /api/ that is none, is limited per client by the
  // one limiter: GET and HEAD as reads, anything else as a write (the operator's checks are not:
  // a balancer asks them from one address every few seconds).
  app.use(async (c, next) => {
    if (unlimited(c.req.path)) return next();
    const kind = kindOf(c.req.method);
    const wait = await secondsToWait(apiLimits, kind, c.get("address"));
    if (wait === 0) return next();
    refused.remember(`${kind} ${c.get("address")}`, wait);
    c.header("Retry-After", String(wait));
    return c.json(tooMany(wait), 429);
  });
  // The live channel's address over plain HTTP: a page whose channel never opens asks here whether
  // the server is refusing channels (busy, with its words and Retry-After) or would take it (then
  // the network is what blocks WebSockets). A page cannot read the status of a refused upgrade.
  app.get(LIVE_PATH, (c) => {
    c.header("Cache-Control", "no-store");
    const refusal = liveRefusal(c.get("address"));
    if (!refusal) return c.json({ ok: true });
    c.header("Retry-After", String(Math.ceil(refusal.retryMs / 1000)));
    return c.json(error(refusal.reason), refusal.status);
  });
  for (const topicRoutes of routes) app.route("/", topicRoutes);

  app.notFound((c) => c.json(error("There is no such API."), 404));
  app.onError((thrown, c) => {
    c.header("Cache-Control", "no-store");
    if (thrown instanceof StoreUnavailable) {
      c.header("Retry-After", String(RETRY_AFTER_S));
      return c.json(error("The store is unavailable for a moment. What you sent waits; try again."), 503);
    }
    log.error("request failed", {
      route: c.req.routePath,
      method: c.req.method,
      client: maskAddress(c.get("address") ?? "unknown"),
      error: errorText(thrown),
    });
    return c.json(error("Something went wrong on our side. Try again."), 500);
  });

  /** As a Node request listener; a request that cannot even be read as one (a bad Host header) is a 400. */
  const honoListener = getRequestListener(app.fetch, {
    errorHandler: (thrown) => {
      const unreadable = thrown instanceof RequestError;
      if (!unreadable) log.error("request failed", { error: errorText(thrown) });
      return Response.json(error(unreadable ? "The request could not be read." : "Something went wrong on our side."), {
        status: unreadable ? 400 : 500,
      });
    },
  }) as (req: IncomingMessage, res: ServerResponse) => Promise<void>;

  /**
   * A client the limiter refused is answered 429 here until its wait is over, before Hono makes a
   * Request and a Response of it: a flood of refused GETs (bench:attack's, 2,800 a second) cost
   * the event loop more than anything else the attacker did.
   */
  const listener = (req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? "").split("?")[0] ?? "";
    if (refused.size() > 0 && !unlimited(path)) {
      const header = req.headers["x-forwarded-for"];
      const address = clientAddress(req.socket.remoteAddress, Array.isArray(header) ? header.join(",") : header, trust);
      const wait = refused.secondsLeft(`${kindOf(req.method ?? "GET")} ${address}`);
      if (wait > 0) {
        const body = JSON.stringify(tooMany(wait));
        res.writeHead(429, {
          "Content-Type": "application/json",
          "Cache-Control": "no-store",
          "Retry-After": String(wait),
          "Content-Length": Buffer.byteLength(body),
        });
        res.end(body);
        return Promise.resolve();
      }
    }
    return honoListener(req, res);
  };

  return { app, listener, stop: () => {} };
}
