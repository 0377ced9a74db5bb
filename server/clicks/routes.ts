import { Hono } from "hono";
import * as v from "valibot";
import {
  CLICKS_PATH,
  type ClicksDevice,
  type ClicksSend,
  DEVICE_ID,
  DEVICE_QUERY,
  MAX_BODY_BYTES,
} from "../../contracts/clicks.ts";
import { type ApiEnv, bodyUpTo, error, jsonBody } from "../http/http-api.ts";
import type { Logger } from "../ops/log.ts";
import type { StoreGuard } from "../ops/store-guard.ts";
import type { ClickStore } from "./store.ts";

/**
 * The global click counter's API, on the site's own origin (the page's policy stays
 * `connect-src 'self'`), as contracts/clicks.ts describes it:
 *
 * - `GET /api/clicks` answers `{ total }`. A CDN may keep it for two seconds.
 * - `GET /api/clicks?device=<id>` answers `{ total, acked, rememberedForMs }`: what is recorded for
 *   that device (null when it is not remembered) and how far back every device is remembered. A
 *   page asks it before it sends again clicks that went out by beacon (click-ledger.ts).
 * - `POST /api/clicks` with `{ device, from, to }` counts what this device has not had counted and
 *   answers `{ total, counted, acked }`. The same send again counts nothing and answers the same.
 *
 * Pages still running the first version of the counter (an open tab, a service worker's old copy)
 * send `{ batch, clicks }` and may ask `?batch=id`: a batch is counted as a device that sends once,
 * from 0 to `clicks`, so a replay is still refused with 409. No cookies; the client's address is
 * used only as a key of the rate limits (in memory, or in Redis on a fleet).
 */

const DeviceId = v.pipe(
  v.string("device must be a string"),
  v.regex(DEVICE_ID, "device must be 16 to 64 letters, digits, - or _"),
);

const Count = v.pipe(v.number("from and to must be numbers"), v.safeInteger("from and to must be whole numbers"));

const SendSchema = v.pipe(
  v.strictObject({
    device: DeviceId,
    from: v.pipe(Count, v.minValue(0, "from must be at least 0")),
    to: Count,
  }),
  v.check((send) => send.to > send.from, "to must be more than from"),
);

/** The first version's batch (remove once no page of that version is left, in 2027). */
const LegacyBatchId = v.pipe(
  v.string("batch must be a string"),
  v.regex(/^[A-Za-z0-9_-]{8,64}$/, "batch must be 8 to 64 letters, digits, - or _"),
);
const LegacySchema = v.strictObject({
  batch: LegacyBatchId,
  clicks: v.pipe(
    v.number("clicks must be a number"),
    v.safeInteger("clicks must be a whole number"),
    v.minValue(1, "clicks must be at least 1"),
  ),
});

/**
 * What a page may send to the counter, by schema: the bodies of `POST /api/clicks` and the
 * parameters of `GET /api/clicks`, for the fuzzer (server/live/protocol-fuzz.test.ts), which makes
 * valid requests from them and then mutates them.
 */
export const CLICK_BODIES = { send: SendSchema, legacy: LegacySchema };
export const CLICK_QUERIES = { [DEVICE_QUERY]: DeviceId, batch: LegacyBatchId };

const messages = (issues: readonly { message: string }[]) => issues.map((issue) => issue.message).join("; ");

export function clickRoutes({
  store,
  guard,
  now = Date.now,
  onTotal,
  log,
}: {
  store: ClickStore;
  guard: StoreGuard;
  now?: () => number;
  /** At debug level, one line per send: what it asked and what it counted (tests read it). */
  log?: Logger;
  /** Called when a send raised the total (the live channel passes it on). */
  onTotal?: (total: number) => void;
}) {
  const app = new Hono<ApiEnv>();

  app.get(CLICKS_PATH, async (c) => {
    const asked = c.req.query("batch");
    const device = c.req.query(DEVICE_QUERY);
    if (device !== undefined) {
      c.header("Cache-Control", "no-store");
      if (asked !== undefined) return c.json(error("Ask about a device or a batch, not both."), 400);
      const id = v.safeParse(DeviceId, device);
      if (!id.success) return c.json(error(messages(id.issues)), 400);
      const at = now();
      const [record, total] = await guard.run(() => Promise.all([store.record(id.output, at), store.total()]));
      return c.json({ total, ...record } satisfies ClicksDevice);
    }
    if (asked === undefined) {
      c.header("Cache-Control", "public, max-age=0, s-maxage=2");
      return c.json({ total: await guard.run(() => store.total()) });
    }
    c.header("Cache-Control", "no-store");
    const batch = v.safeParse(LegacyBatchId, asked);
    if (!batch.success) return c.json(error(messages(batch.issues)), 400);
    const [acked, total] = await guard.run(() => Promise.all([store.acked(batch.output), store.total()]));
    return c.json({ total, counted: acked !== null && acked > 0 });
  });

  app.post(CLICKS_PATH, bodyUpTo(MAX_BODY_BYTES), async (c) => {
    c.header("Cache-Control", "no-store");
    const body = await jsonBody(c);
    if (body instanceof Response) return body;
    if (body !== null && typeof body === "object" && "batch" in body) {
      const legacy = v.safeParse(LegacySchema, body);
      if (!legacy.success) return c.json(error(messages(legacy.issues)), 400);
      const { batch, clicks } = legacy.output;
      const send: ClicksSend = { device: batch, from: 0, to: clicks };
      const { total, counted } = await guard.run(() => store.count(send, now()));
      if (counted === 0) return c.json({ ...error("This batch was already counted."), total }, 409);
      onTotal?.(total);
      return c.json({ total, counted, clipped: counted < clicks });
    }
    const parsed = v.safeParse(SendSchema, body);
    if (!parsed.success) return c.json(error(messages(parsed.issues)), 400);
    const ack = await guard.run(() => store.count(parsed.output, now()));
    // The device id is a random name for a browser, not a person: its first characters tell sends apart.
    const { device, from, to } = parsed.output;
    log?.debug("clicks send", { device: device.slice(0, 6), from, to, counted: ack.counted, acked: ack.acked });
    if (ack.counted > 0) onTotal?.(ack.total);
    return c.json(ack);
  });

  app.all(CLICKS_PATH, (c) => {
    c.header("Allow", "GET, POST");
    return c.json(error("Only GET and POST are allowed here."), 405);
  });

  return app;
}
