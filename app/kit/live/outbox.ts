import type { MessageLimit } from "../../../contracts/live";
import { createPacer } from "./pacer";

/**
 * What a page has done and the server has not yet confirmed: gathered for `everyMs` and sent as
 * one numbered message (at most `maxPerMessage` items, which the server must always be able to
 * admit), no faster than the topic's message limit allows (pacer.ts: what waited while the channel
 * was away goes when it opens, a burst at once and then at the limit's pace, never a flood that
 * closes the channel), kept until the server answers it, sent again after a reconnect (so the
 * server's rules must make a repeat harmless, as popping a popped bubble is), put back to wait
 * when the server says "later", and given up when it says "never", or after `maxTries` "laters":
 * nothing waits for ever while the page shows it as done.
 */
export interface Outbox<T> {
  add(item: T): void;
  /** The server confirmed message `n`. */
  confirm(n: number): void;
  /**
   * The server refused message `n`: try again after `retryMs`, or never. The items given up (told
   * never, or refused `maxTries` times) come back.
   */
  refuse(n: number, retryMs?: number): T[];
  /**
   * A message of the toy's own on the same topic (a request for the whole state), within the same
   * limit: sent now if the limit allows, else at the first moment it does; asked for again under
   * the same `key` before it went, it goes once. `send` returns false when it cannot go (it waits).
   * A reconnect drops what waits: the channel's return brings the state anyway.
   */
  sendAside(key: string, send: () => boolean): void;
  /** The channel dropped: everything not confirmed goes again once it is open. */
  resend(): void;
  /** Everything not confirmed yet. */
  unconfirmed(): T[];
  /** Forgets everything (the items no longer mean anything: the sheet they were for is finished). */
  clear(): void;
  stop(): void;
}

/**
 * How many "later"s an item waits through before the page gives it back. A store that does not
 * take writes says "later" every 2 s, and a Redis failover refuses writes until the old primary is
 * back as a replica, about 25 s, or usually REDIS_ALONE_AFTER_S (60 s) at most (docs/decisions/0010;
 * two failovers in a row can take longer): 45 tries, 90 s, wait through it with room.
 */
export const MAX_LATER_TRIES = 45;

export interface OutboxOptions<T> {
  /** Sends message `n`; false when it cannot go now (it waits for the next round). */
  send: (n: number, items: T[]) => boolean;
  everyMs: number;
  maxPerMessage: number;
  /** The topic's message limit, from its contract (contracts/wall.ts WALL_MESSAGE_LIMIT ...). */
  limit: MessageLimit;
  /**
   * The server's limit on the items themselves (pops a second), when it has one: a backlog (what
   * waited while the channel was away) goes at that pace, never as fast as messages may go and
   * then refused as too fast.
   */
  itemLimit?: MessageLimit;
  maxTries?: number;
}

export function createOutbox<T>({
  send,
  everyMs,
  maxPerMessage,
  limit,
  itemLimit,
  maxTries = MAX_LATER_TRIES,
}: OutboxOptions<T>): Outbox<T> {
  const pacer = createPacer(limit);
  const items = itemLimit ? createPacer(itemLimit) : null;
  /** The toy's other messages waiting for the limit, by key. */
  const asides = new Map<string, () => boolean>();
  let queue: T[] = [];
  const inFlight = new Map<number, T[]>();
  /** Items refused with "later", waiting for their next try. */
  const waiting = new Map<ReturnType<typeof setTimeout>, T[]>();
  const refusals = new Map<T, number>();
  let counter = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  function schedule() {
    if (timer !== undefined || (queue.length === 0 && asides.size === 0)) return;
    timer = setTimeout(flush, Math.max(everyMs, pacer.waitMs(), items?.waitMs() ?? 0));
  }

  function flush() {
    timer = undefined;
    for (const [key, sendIt] of asides) {
      if (!pacer.ready() || !sendIt()) break;
      pacer.take();
      asides.delete(key);
    }
    while (queue.length > 0 && pacer.ready()) {
      const room = items ? Math.min(maxPerMessage, items.room()) : maxPerMessage;
      if (room < 1) break;
      const batch = queue.slice(0, room);
      const n = ++counter;
      if (!send(n, batch)) break;
      pacer.take();
      items?.take(batch.length);
      queue = queue.slice(batch.length);
      inFlight.set(n, batch);
    }
    schedule();
  }

  return {
    add(item) {
      queue.push(item);
      schedule();
    },
    confirm(n) {
      for (const item of inFlight.get(n) ?? []) refusals.delete(item);
      inFlight.delete(n);
    },
    refuse(n, retryMs) {
      const items = inFlight.get(n) ?? [];
      inFlight.delete(n);
      const givenUp: T[] = [];
      const again: T[] = [];
      for (const item of items) {
        const refused = (refusals.get(item) ?? 0) + 1;
        if (retryMs === undefined || refused >= maxTries) {
          refusals.delete(item);
          givenUp.push(item);
        } else {
          refusals.set(item, refused);
          again.push(item);
        }
      }
      if (again.length > 0) {
        const wait = setTimeout(() => {
          waiting.delete(wait);
          queue.push(...again);
          schedule();
        }, retryMs);
        waiting.set(wait, again);
      }
      return givenUp;
    },
    sendAside(key, sendIt) {
      if (!asides.has(key) && pacer.ready() && sendIt()) {
        pacer.take();
        return;
      }
      asides.set(key, sendIt);
      schedule();
    },
    resend() {
      asides.clear();
      queue = [...[...inFlight.values()].flat(), ...queue];
      inFlight.clear();
      schedule();
    },
    unconfirmed: () => [...[...inFlight.values()].flat(), ...[...waiting.values()].flat(), ...queue],
    clear() {
      queue = [];
      asides.clear();
      inFlight.clear();
      refusals.clear();
      for (const wait of waiting.keys()) clearTimeout(wait);
      waiting.clear();
    },
    stop() {
      clearTimeout(timer);
      timer = undefined;
      asides.clear();
      for (const wait of waiting.keys()) clearTimeout(wait);
      waiting.clear();
    },
  };
}
