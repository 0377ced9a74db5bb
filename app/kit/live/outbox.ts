/**
 * What a page has done and the server has not yet confirmed: gathered for `everyMs` and sent as
 * one numbered message (at most `maxPerMessage` items, which the server must always be able to
 * admit), kept until the server answers it, sent again after a reconnect (so the server's rules
 * must make a repeat harmless, as popping a popped bubble is), put back to wait when the server
 * says "later", and given up when it says "never", or after `maxTries` "laters": nothing waits
 * for ever while the page shows it as done.
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
  /** The channel dropped: everything not confirmed goes again once it is open. */
  resend(): void;
  /** Everything not confirmed yet. */
  unconfirmed(): T[];
  /** Forgets everything (the items no longer mean anything: the sheet they were for is finished). */
  clear(): void;
  stop(): void;
}

export interface OutboxOptions<T> {
  /** Sends message `n`; false when it cannot go now (it waits for the next round). */
  send: (n: number, items: T[]) => boolean;
  everyMs: number;
  maxPerMessage: number;
  maxTries?: number;
}

export function createOutbox<T>({ send, everyMs, maxPerMessage, maxTries = 10 }: OutboxOptions<T>): Outbox<T> {
  let queue: T[] = [];
  const inFlight = new Map<number, T[]>();
  /** Items refused with "later", waiting for their next try. */
  const waiting = new Map<ReturnType<typeof setTimeout>, T[]>();
  const refusals = new Map<T, number>();
  let counter = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

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
    resend() {
      queue = [...[...inFlight.values()].flat(), ...queue];
      inFlight.clear();
      schedule();
    },
    unconfirmed: () => [...[...inFlight.values()].flat(), ...[...waiting.values()].flat(), ...queue],
    clear() {
      queue = [];
      inFlight.clear();
      refusals.clear();
      for (const wait of waiting.keys()) clearTimeout(wait);
      waiting.clear();
    },
    stop() {
      clearTimeout(timer);
      timer = undefined;
      for (const wait of waiting.keys()) clearTimeout(wait);
      waiting.clear();
    },
  };
}
