import * as v from "valibot";
import type { Backends } from "../ops/backends.ts";
import { errorText, type Logger } from "../ops/log.ts";
import type { Metrics } from "../ops/metrics.ts";

/**
 * How the server processes tell each other what changed: in one process (SQLite), a call; with
 * Redis, its pub/sub, so visitors on two servers sharing one Redis see each other's pops. A publish
 * that fails is logged and dropped (the hubs' periodic check of the store heals what a lost
 * message leaves behind).
 *
 * The bus is an input like any other (issue 56): anyone who can PUBLISH on the site's Redis, and
 * every other build of the site during a rolling deploy, writes to it. Each message is an envelope,
 * `{"version":1,"kind":"pops",...fields}` (BUS_VERSION), read inside one fault boundary: not JSON,
 * not an object, a version that is not a whole number, a kind the channel's subscribers do not
 * know (a newer build's), fields that fail the kind's schema, or a handler that throws: the message
 * is dropped, counted (`pointless_bus_messages_dropped_total{channel,reason}`) and logged at most
 * once a minute, and nothing else happens. A version only ever adds: fields (which an older build's
 * schema leaves out) and kinds (which it drops); a change that an older build would misread is a
 * new channel. A message with no version is an earlier build's bare shape, read as the channel's
 * first kind.
 */
export const BUS_VERSION = 1;
/** How often the log is told what was dropped (by channel and reason), at most. */
export const DROPS_LOGGED_EVERY_MS = 60_000;

/** A count on the bus (a total, a sheet's number, a bubble): a whole number, never below 0. */
export const busCount = v.pipe(v.number(), v.safeInteger(), v.minValue(0));
/** The generation of a store's data (generation.ts), absent from an earlier build's news. */
export const busGeneration = v.optional(v.pipe(v.string(), v.maxLength(100)));

export interface Bus {
  /** Publishes `fields` as a message of `kind` on `channel`. */
  publish(channel: string, kind: string, fields: Record<string, unknown>): void;
  /** Hands each message of `kind` on `channel` that passes `schema` to `handler`, as the schema's output. */
  subscribe<T>(channel: string, kind: string, schema: v.GenericSchema<unknown, T>, handler: (message: T) => void): void;
  /** Called once the bus works, and again after each reconnect (messages may have been missed). */
  onReady(handler: () => void): void;
  close(): Promise<void>;
}

export interface BusOptions {
  metrics?: Metrics;
  /**
   * For the rolling-deploy test only (BUS_PUBLISH_NEXT): publish as the next version would, with a
   * field and, after each message, a kind this build does not know.
   */
  publishNext?: boolean;
}

export function createBus(backends: Backends, log: Logger, options: BusOptions = {}): Bus {
  const reader = busReader(log, options);
  return backends.kind === "redis" ? redisBus(backends, log, reader) : localBus(reader);
}

type Handler = { schema: v.GenericSchema<unknown, unknown>; handler: (message: unknown) => void };

/** The envelopes a process publishes and the one boundary every message it hears goes through. */
function busReader(log: Logger, { metrics, publishNext = false }: BusOptions) {
  const channels = new Map<string, Map<string, Handler[]>>();
  let lately = new Map<string, number>();
  const logEveryMinute = setInterval(() => {
    if (lately.size === 0) return;
    log.warn("bus messages dropped in the last minute, by channel and reason", Object.fromEntries(lately));
    lately = new Map();
  }, DROPS_LOGGED_EVERY_MS);
  logEveryMinute.unref();

  function dropped(channel: string, reason: string, error?: unknown) {
    metrics?.busDropped.inc({ channel, reason });
    const key = `${channel} ${reason}`;
    if (!lately.has(key) && error !== undefined) log.debug("bus message dropped", { channel, error: errorText(error) });
    lately.set(key, (lately.get(key) ?? 0) + 1);
  }

  function read(channel: string, text: string) {
    try {
      let message: unknown;
      try {
        message = JSON.parse(text);
      } catch {
        return dropped(channel, "not-json");
      }
      if (typeof message !== "object" || message === null || Array.isArray(message)) {
        return dropped(channel, "not-an-object");
      }
      const { version, kind } = message as { version?: unknown; kind?: unknown };
      const kinds = channels.get(channel);
      if (version !== undefined && !(Number.isSafeInteger(version) && (version as number) >= 1)) {
        return dropped(channel, "version");
      }
      const named = version === undefined ? kinds?.keys().next().value : kind;
      const subscribers = typeof named === "string" ? kinds?.get(named) : undefined;
      if (!subscribers) return dropped(channel, "unknown-kind");
      for (const { schema, handler } of subscribers) {
        const checked = v.safeParse(schema, message);
        if (!checked.success) return dropped(channel, "malformed");
        handler(checked.output);
      }
    } catch (error) {
      dropped(channel, "fault", error);
    }
  }

  return {
    subscribe(channel: string, kind: string, handler: Handler) {
      const kinds = channels.get(channel) ?? new Map<string, Handler[]>();
      kinds.set(kind, [...(kinds.get(kind) ?? []), handler]);
      channels.set(channel, kinds);
    },
    channels: () => [...channels.keys()],
    read,
    /** What a publish of `fields` as `kind` sends: one envelope, or two for the next version's test. */
    envelopes(kind: string, fields: Record<string, unknown>): string[] {
      if (!publishNext) return [JSON.stringify({ ...fields, version: BUS_VERSION, kind })];
      const next = BUS_VERSION + 1;
      return [
        JSON.stringify({ ...fields, version: next, kind, addedInNext: { note: "a field this build does not know" } }),
        JSON.stringify({ version: next, kind: "next-kind", hint: kind }),
      ];
    },
    stop: () => clearInterval(logEveryMinute),
  };
}

type Reader = ReturnType<typeof busReader>;

function localBus(reader: Reader): Bus {
  return {
    publish(channel, kind, fields) {
      const texts = reader.envelopes(kind, fields);
      // Delivered after the publisher's own work, as Redis would.
      queueMicrotask(() => {
        for (const text of texts) reader.read(channel, text);
      });
    },
    subscribe(channel, kind, schema, handler) {
      reader.subscribe(channel, kind, { schema, handler: handler as (message: unknown) => void });
    },
    onReady(handler) {
      queueMicrotask(handler);
    },
    async close() {
      reader.stop();
    },
  };
}

/** A prefix every key and channel of the site shares (the hash tag keeps them on one cluster node). */
const CHANNEL = (name: string) => `{pointless}:live:${name}`;

function redisBus(backends: Backends, log: Logger, reader: Reader): Bus {
  const publisher = backends.redis();
  // A connection in subscriber mode can do nothing else: one more, for all subscriptions (with
  // Sentinel, the one that follows the primary through a promotion).
  const subscriber = backends.subscriber();
  const subscribed = new Set<string>();
  const readyHandlers: (() => void)[] = [];

  // Subscribed once, when first connected (the client subscribes again by itself after a reconnect).
  function subscribeAll() {
    for (const channel of reader.channels()) {
      if (subscribed.has(channel)) continue;
      subscribed.add(channel);
      const deliver = (message: string) => reader.read(channel, message);
      subscriber.subscribe(CHANNEL(channel), deliver).catch((error: unknown) => {
        subscribed.delete(channel);
        log.warn("subscribe failed", { channel, error: errorText(error) });
      });
    }
  }

  subscriber.onReady(() => {
    subscribeAll();
    for (const handler of readyHandlers) handler();
  });

  return {
    publish(channel, kind, fields) {
      for (const message of reader.envelopes(kind, fields)) {
        publisher.publish(CHANNEL(channel), message).catch((error: unknown) => {
          log.debug("publish failed", { channel, error: errorText(error) });
        });
      }
    },
    subscribe(channel, kind, schema, handler) {
      reader.subscribe(channel, kind, { schema, handler: handler as (message: unknown) => void });
      if (subscriber.isReady) subscribeAll();
    },
    onReady(handler) {
      readyHandlers.push(handler);
      if (subscriber.isReady) queueMicrotask(handler);
    },
    async close() {
      reader.stop();
      await subscriber.close();
    },
  };
}
