import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import * as v from "valibot";
import { createRateLimiter, type Limit } from "./rate-limit.ts";
import type { ClickStore } from "./store.ts";

/**
 * The global click counter's API, on the site's own origin (so the page's policy stays
 * `connect-src 'self'`):
 *
 * - `GET /api/clicks` answers `{ total }`. A CDN may keep it for two seconds.
 * - `GET /api/clicks?batch=id` answers `{ total, counted }`: whether that batch was counted. A page
 *   asks before sending again a batch whose answer it never saw (it left, or the network dropped
 *   the answer), so a normal retry is not refused.
 * - `POST /api/clicks` with `{ batch, clicks }` counts a batch of clicks once: `batch` is an id the
 *   page made up (a retry carries the same id and is refused with 409), `clicks` a whole number of
 *   at least 1, clipped to what a person can click between two batches.
 *
 * Every refusal is a 4xx with `{ error }` in words. No cookies; the client's address is used only
 * for the rate limit, in memory, and never stored.
 */

/** The page sends a batch every two seconds; nobody clicks 25 times a second for two seconds. */
export const MAX_CLICKS_PER_BATCH = 50;
/** A batch is a few dozen bytes. */
export const MAX_BODY_BYTES = 1024;

const BatchId = v.pipe(
  v.string("batch must be a string"),
  v.regex(/^[A-Za-z0-9_-]{8,64}$/, "batch must be 8 to 64 letters, digits, - or _"),
);

export const BatchSchema = v.strictObject({
  batch: BatchId,
  clicks: v.pipe(
    v.number("clicks must be a number"),
    v.safeInteger("clicks must be a whole number"),
    v.minValue(1, "clicks must be at least 1"),
  ),
});

export interface ApiOptions {
  store: ClickStore;
  /** Requests per client address: reads and writes. */
  limits?: { read: Limit; write: Limit };
  /** Behind a load balancer: take the client's address from X-Forwarded-For. */
  trustProxy?: boolean;
  /** The address of the connection (the runtime knows it), when the proxy header is not trusted. */
  addressOf?: (c: Context) => string | undefined;
}

export const DEFAULT_LIMITS = {
  read: { burst: 30, perMinute: 120 },
  // A batch every two seconds is 30 a minute; a tab catching up after a while offline sends more.
  write: { burst: 30, perMinute: 90 },
} as const;

const error = (message: string) => ({ error: message });

export function createApi({ store, limits = DEFAULT_LIMITS, trustProxy = false, addressOf }: ApiOptions) {
  const limiter = createRateLimiter(limits);
  const app = new Hono();

  const clientAddress = (c: Context) => {
    const forwarded = trustProxy ? c.req.header("x-forwarded-for")?.split(",")[0]?.trim() : undefined;
    return forwarded || addressOf?.(c) || "unknown";
  };
  const limited = (kind: "read" | "write") =>
    async function rateLimit(c: Context, next: () => Promise<void>) {
      const wait = limiter.take(kind, clientAddress(c));
      if (wait > 0) {
        c.header("Retry-After", String(wait));
        return c.json(error(`Too many requests. Try again in ${wait} s.`), 429);
      }
      await next();
    };

  app.get("/api/clicks", limited("read"), async (c) => {
    const asked = c.req.query("batch");
    if (asked === undefined) {
      c.header("Cache-Control", "public, max-age=0, s-maxage=2");
      return c.json({ total: await store.total() });
    }
    c.header("Cache-Control", "no-store");
    const batch = v.safeParse(BatchId, asked);
    if (!batch.success) return c.json(error(batch.issues.map((issue) => issue.message).join("; ")), 400);
    const [counted, total] = await Promise.all([store.has(batch.output), store.total()]);
    return c.json({ total, counted });
  });

  app.post(
    "/api/clicks",
    limited("write"),
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) => c.json(error(`The body is larger than ${MAX_BODY_BYTES} bytes.`), 413),
    }),
    async (c) => {
      c.header("Cache-Control", "no-store");
      if (!/^application\/json\b/i.test(c.req.header("content-type") ?? "")) {
        return c.json(error("Send the batch as application/json."), 415);
      }
      let body: unknown;
      try {
        body = await c.req.json();
      } catch {
        return c.json(error("The body is not valid JSON."), 400);
      }
      const parsed = v.safeParse(BatchSchema, body);
      if (!parsed.success) return c.json(error(parsed.issues.map((issue) => issue.message).join("; ")), 400);
      const { batch, clicks } = parsed.output;
      const counted = Math.min(clicks, MAX_CLICKS_PER_BATCH);
      const { total, added } = await store.add(batch, counted);
      if (!added) return c.json({ ...error("This batch was already counted."), total }, 409);
      return c.json({ total, counted, clipped: counted < clicks });
    },
  );

  app.all("/api/clicks", (c) => {
    c.header("Allow", "GET, POST");
    return c.json(error("Only GET and POST are allowed here."), 405);
  });
  app.notFound((c) => c.json(error("There is no such API."), 404));
  app.onError((_, c) => c.json(error("The counter is unavailable for a moment. Your clicks wait; try again."), 503));

  return { app, stop: () => limiter.stop() };
}
