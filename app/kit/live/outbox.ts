/**
 * What a page has done and the server has not yet confirmed: gathered for `everyMs` and sent as
 * one numbered message (at most `maxPerMessage` items), kept until the server answers it, sent
 * again after a reconnect (so the server's rules must make a repeat harmless, as popping a popped
 * bubble is), put back to wait when the server says "later", and given up when it says "never".
 */
export interface Outbox<T> {
  add(item: T): void;
  /** The server confirmed message `n`. */
  confirm(n: number): void;
  /** The server refused message `n`: try again after `retryMs`, or never (its items come back). */
  refuse(n: number, retryMs?: number): T[];
  /** The channel dropped: everything not confirmed goes again once it is open. */
  resend(): void;
  /** Everything not confirmed yet. */
  unconfirmed(): T[];
  /** Forgets everything (the items no longer mean anything: the sheet they were for is finished). */
  clear(): void;
  stop(): void;
}

export function createOutbox<T>({
  send,
  everyMs,
  maxPerMessage,
}: {
  /** Sends message `n`; false when it cannot go now (it waits for the next round). */
  send: (n: number, items: T[]) => boolean;
  everyMs: number;
  maxPerMessage: number;
}): Outbox<T> {
  let queue: T[] = [];
  const inFlight = new Map<number, T[]>();
  let counter = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const later = new Set<ReturnType<typeof setTimeout>>();

  function schedule() {
    if (timer === undefined && queue.length > 0) timer = setTimeout(flush, everyMs);
  }

  function flush() {
    timer = undefined;
    while (queue.length > 0) {
      const items = queue.slice(0, maxPerMessage);
      const n = ++counter;
      if (!send(n, items)) break;
      queue = queue.slice(items.length);
      inFlight.set(n, items);
    }
    schedule();
  }

  return {
    add(item) {
      queue.push(item);
      schedule();
    },
    confirm(n) {
      inFlight.delete(n);
    },
    refuse(n, retryMs) {
      const items = inFlight.get(n) ?? [];
      inFlight.delete(n);
      if (retryMs === undefined) return items;
      const wait = setTimeout(() => {
        later.delete(wait);
        queue.push(...items);
        schedule();
      }, retryMs);
      later.add(wait);
      return [];
    },
    resend() {
      queue = [...[...inFlight.values()].flat(), ...queue];
      inFlight.clear();
      schedule();
    },
    unconfirmed: () => [...[...inFlight.values()].flat(), ...queue],
    clear() {
      queue = [];
      inFlight.clear();
      for (const wait of later) clearTimeout(wait);
      later.clear();
    },
    stop() {
      clearTimeout(timer);
      timer = undefined;
      for (const wait of later) clearTimeout(wait);
      later.clear();
    },
  };
}
