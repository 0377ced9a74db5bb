import { randomUUID } from "node:crypto";

/** What `listensAfterPromotion` needs of node-redis's Sentinel client and of the link's commands. */
interface Listener {
  subscribe(channel: string, listener: (message: string) => void): Promise<unknown>;
}
interface Publisher {
  sendCommand(args: string[]): Promise<unknown>;
}

/**
 * After a promotion, node-redis's Sentinel client moves its subscriptions to the new primary in
 * the background, after it says it is ready: news published there meanwhile is lost, and a hub
 * that read the store when the client said ready keeps a copy without it (e2e/fleet-redis-failover
 * once saw 20 acknowledged pops missing from one server's sheet until its next read, 30 s later).
 * So after each promotion the link publishes a word of its own every 250 ms until it hears it
 * back, and only then tells the `onListening` handlers: from then on nothing published is missed,
 * and what was is read again. After 30 s without hearing it, it tells them anyway.
 */
export function listensAfterPromotion(subscriber: Listener, publisher: Publisher, everyMs = 250, giveUpMs = 30_000) {
  const channel = `{pointless}:probe:${randomUUID()}`;
  const handlers: (() => void)[] = [];
  let waiting: string | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let subscribed = false;

  /** Subscribes to its own channel, once connected (the client keeps it across reconnects). */
  function listen() {
    if (subscribed) return;
    subscribed = true;
    subscriber
      .subscribe(channel, (message) => {
        if (message === waiting) heard();
      })
      .catch(() => {
        subscribed = false;
      });
  }

  const heard = () => {
    waiting = undefined;
    clearTimeout(timer);
    for (const handler of handlers) handler();
  };

  function promoted() {
    const word = randomUUID();
    waiting = word;
    const until = Date.now() + giveUpMs;
    listen();
    const tick = () => {
      if (waiting !== word) return;
      if (Date.now() > until) return heard();
      publisher.sendCommand(["PUBLISH", channel, word]).catch(() => {});
      timer = setTimeout(tick, everyMs);
      timer.unref?.();
    };
    tick();
  }

  return {
    listen,
    promoted,
    onListening: (handler: () => void) => void handlers.push(handler),
    stop: () => {
      waiting = undefined;
      clearTimeout(timer);
    },
  };
}
