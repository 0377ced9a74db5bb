import type { IncomingMessage } from "node:http";
import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { ApiError } from "../contracts/clicks.ts";
import type { RateLimiter } from "./rate-limit.ts";

/** What every API route may read: the Node request, the client's address (client-address.ts), the limits. */
export interface ApiEnv {
  Bindings: { incoming: IncomingMessage };
  Variables: { address: string; limiter: RateLimiter };
}

export const error = (message: string): ApiError => ({ error: message });

/** Takes a token from the client's bucket of this kind; 429 with Retry-After when it is empty. */
export const limited =
  (kind: "read" | "write"): MiddlewareHandler<ApiEnv> =>
  async (c, next) => {
    const wait = c.get("limiter").take(kind, c.get("address"));
    if (wait > 0) {
      c.header("Retry-After", String(wait));
      return c.json(error(`Too many requests. Try again in ${wait} s.`), 429);
    }
    await next();
  };

/**
 * Refuses a body over `bytes` with 413 while it arrives, and closes the connection after the
 * answer (what is left of the body is never read, so the connection cannot carry another request).
 * A declared Content-Length over the limit is refused before any of it is read (server/http.ts).
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
