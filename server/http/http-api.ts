import type { IncomingMessage } from "node:http";
import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { ApiError } from "../../contracts/clicks.ts";
import type { FleetLimiter } from "../ops/limiter.ts";
import { limitKeys } from "./client-address.ts";

/**
 * The API's limits per client, kept as the live channel's are (limiter.ts: for the whole fleet with
 * Redis), on every key client-address.ts gives an address (its /56 too, for IPv6).
 */
export interface ApiLimits {
  read: FleetLimiter;
  write: FleetLimiter;
}

/** What every API route may read: the Node request, the client's address (client-address.ts), the limits. */
export interface ApiEnv {
  Bindings: { incoming: IncomingMessage };
  Variables: { address: string; limits: ApiLimits };
}

export const error = (message: string): ApiError => ({ error: message });

/** Takes a point of this kind for each of `address`'s keys: 0 when allowed, else the seconds to wait. */
export async function secondsToWait(limits: ApiLimits, kind: keyof ApiLimits, address: string): Promise<number> {
  let waitMs = 0;
  for (const key of limitKeys(address)) waitMs = Math.max(waitMs, await limits[kind].take(key));
  return Number.isFinite(waitMs) ? Math.ceil(waitMs / 1000) : 60;
}

export const tooMany = (wait: number) => error(`Too many requests. Try again in ${wait} s.`);

/** Takes a point of this kind for each of the client's keys; 429 with Retry-After when one is spent. */
export const limited =
  (kind: keyof ApiLimits): MiddlewareHandler<ApiEnv> =>
  async (c, next) => {
    const wait = await secondsToWait(c.get("limits"), kind, c.get("address"));
    if (wait > 0) {
      c.header("Retry-After", String(wait));
      return c.json(tooMany(wait), 429);
    }
    await next();
  };

/**
 * Refuses a body over `bytes` with 413 while it arrives, and closes the connection after the
 * answer (what is left of the body is never read, so the connection cannot carry another request).
 * A declared Content-Length over the limit is refused before any of it is read (http.ts).
 */
export const bodyUpTo = (bytes: number): MiddlewareHandler<ApiEnv> =>
  bodyLimit({
    maxSize: bytes,
    onError: (c) => c.json(error(`The body is larger than ${bytes} bytes.`), 413),
  });

/** The body as JSON: a 415 or 400 Response when it is not JSON. */
export async function jsonBody(c: Context<ApiEnv>): Promise<unknown> {
  if (!/^application\/json\b/i.test(c.req.header("content-type") ?? "")) {
    return c.json(error("Send the body as application/json."), 415);
  }
  try {
    return await c.req.json();
  } catch {
    return c.json(error("The body is not valid JSON."), 400);
  }
}
