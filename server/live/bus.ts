import type { Backends } from "../ops/backends.ts";
import { errorText, type Logger } from "../ops/log.ts";

/**
 * How the server processes tell each other what changed: in one process (SQLite), a call; with
 * Redis, its pub/sub, so visitors on two servers sharing one Redis see each other's pops. Messages
 * are strings (JSON); a publish that fails is logged and dropped (the hubs' periodic check of the
 * store heals what a lost message leaves behind).
 */
export interface Bus {
  publish(channel: string, message: string): void;
  subscribe(channel: string, handler: (message: string) => void): void;
  /** Called once the bus works, and again after each reconnect (messages may have been missed). */
  onReady(handler: () => void): void;
  close(): Promise<void>;
}

export function createBus(backends: Backends, log: Logger): Bus {
  return backends.kind === "redis" ? redisBus(backends, log) : localBus();
}

function localBus(): Bus {
  const handlers = new Map<string, ((message: string) => void)[]>();
  return {
    publish(channel, message) {
      // Delivered after the publisher's own work, as Redis would.
      queueMicrotask(() => {
        for (const handler of handlers.get(channel) ?? []) handler(message);
      });
    },
    subscribe(channel, handler) {
      handlers.set(channel, [...(handlers.get(channel) ?? []), handler]);
    },
    onReady(handler) {
      queueMicrotask(handler);
    },
    async close() {},
  };
}

/** A prefix every key and channel of the site shares (the hash tag keeps them on one cluster node). */
const CHANNEL = (name: string) => `{pointless}:live:${name}`;

function redisBus(backends: Backends, log: Logger): Bus {
  const publisher = backends.redis();
  // A connection in subscriber mode can do nothing else: one more, for all subscriptions (with
  // Sentinel, the one that follows the primary through a promotion).
  const subscriber = backends.subscriber();
  const handlers = new Map<string, ((message: string) => void)[]>();
  const subscribed = new Set<string>();
  const readyHandlers: (() => void)[] = [];

  // Subscribed once, when first connected (the client subscribes again by itself after a reconnect).
  function subscribeAll() {
    for (const channel of handlers.keys()) {
      if (subscribed.has(channel)) continue;
      subscribed.add(channel);
      const deliver = (message: string) => {
        for (const handler of handlers.get(channel) ?? []) handler(message);
      };
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
    publish(channel, message) {
      publisher.publish(CHANNEL(channel), message).catch((error: unknown) => {
        log.debug("publish failed", { channel, error: errorText(error) });
      });
    },
    subscribe(channel, handler) {
      handlers.set(channel, [...(handlers.get(channel) ?? []), handler]);
      if (subscriber.isReady) subscribeAll();
    },
    onReady(handler) {
      readyHandlers.push(handler);
      if (subscriber.isReady) queueMicrotask(handler);
    },
    close: () => subscriber.close(),
  };
}
