import type { IncomingMessage, ServerResponse } from "node:http";
import { getRequestListener } from "@hono/node-server";
import { createApi, DEFAULT_LIMITS } from "./app.ts";
import type { Limit } from "./rate-limit.ts";
import type { ClickStore } from "./store.ts";

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

/** A limit from the environment ("burst/perMinute", e.g. "600/6000"), or the default. */
function limitFrom(value: string | undefined, fallback: Limit): Limit {
  const match = /^(\d+)\/(\d+)$/.exec(value ?? "");
  return match ? { burst: Number(match[1]), perMinute: Number(match[2]) } : fallback;
}

/**
 * The counter API as a Node request listener for the site's own server (scripts/serve.mjs).
 * TRUST_PROXY=1 takes the client's address from X-Forwarded-For (behind a load balancer);
 * COUNTER_READ_LIMIT and COUNTER_WRITE_LIMIT ("burst/perMinute") change the rate limits.
 */
export function counterApi(store: ClickStore, env: Record<string, string | undefined> = process.env) {
  const { app, stop } = createApi({
    store,
    trustProxy: env.TRUST_PROXY === "1",
    limits: {
      read: limitFrom(env.COUNTER_READ_LIMIT, DEFAULT_LIMITS.read),
      write: limitFrom(env.COUNTER_WRITE_LIMIT, DEFAULT_LIMITS.write),
    },
    addressOf: (c) => (c.env as { incoming?: IncomingMessage } | undefined)?.incoming?.socket.remoteAddress,
  });
  const listener: Listener = getRequestListener(app.fetch);
  return { listener, stop };
}
