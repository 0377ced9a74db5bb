import { withinDeadline } from "./deadline.ts";
import { errorText, type Logger } from "./log.ts";

/** A store did not answer in time, or failed: the request gets a 503 with Retry-After. */
export class StoreUnavailable extends Error {
  override name = "StoreUnavailable";
}

/**
 * A write refused before it was sent: the Redis primary has no replica to have it
 * (server/ops/replica-wait.ts, which logs that once). The request is refused as for an unavailable
 * store, but the store is not away: its reads go on, and the guard does not say it went (one line
 * per refusal, and a "back" after each, during a failover's seconds without a replica).
 */
export class NotReplicated extends StoreUnavailable {
  override name = "NotReplicated";
}

/** How a store call ended, for the operator's metrics ("refused": a NotReplicated write). */
export type StoreOutcome = "ok" | "error" | "timeout" | "refused";

/**
 * Every call to a store goes through `run`: it gets a deadline (a frozen Redis or a locked SQLite
 * file is a 503 within `deadlineMs`, never a request left hanging), and the store's state is
 * followed, so the log has one line when it goes away and one when it is back, not one per request.
 */
export function createStoreGuard({
  name,
  deadlineMs,
  log,
  observe,
}: {
  name: string;
  deadlineMs: number;
  log: Logger;
  /** Told of every call: how it ended and how long it took (for the operator's metrics). */
  observe?: (outcome: StoreOutcome, seconds: number) => void;
}) {
  let up: boolean | undefined;
  /** When the store last answered (performance.now()): a call, or its client's connection made. */
  let answeredAt = Number.NEGATIVE_INFINITY;
  const backHandlers: (() => void)[] = [];

  function mark(ok: boolean, error?: unknown) {
    if (ok) answeredAt = performance.now();
    if (ok === up) return;
    const wasDown = up === false;
    up = ok;
    if (ok) log.info("store available", { store: name });
    else log.warn("store unavailable", { store: name, error: errorText(error) });
    if (ok && wasDown) for (const handler of backHandlers) handler();
  }

  async function run<T>(work: () => Promise<T> | T): Promise<T> {
    const started = performance.now();
    /** The deadline's own error, once it has passed. */
    let missed: StoreUnavailable | undefined;
    const seconds = () => (performance.now() - started) / 1000;
    try {
      const result = await withinDeadline(Promise.resolve().then(work), deadlineMs, () => {
        missed = new StoreUnavailable(`no answer within ${deadlineMs} ms`);
        return missed;
      });
      mark(true);
      observe?.("ok", seconds());
      return result;
    } catch (error) {
      if (error instanceof NotReplicated) {
        observe?.("refused", seconds());
        throw error;
      }
      // No answer in time to a call whose wait began before the store's latest answer says nothing
      // newer than that answer: it is refused, but the store is not said away again (nor back
      // again after, with every topic's reads again). Calls sent while Redis was frozen ran out of
      // time just after it woke and had answered others: CI at load 9 logged it away, back, away
      // and back. An error is the store's own word (a write refused, READONLY): always said.
      if (error !== missed || answeredAt < started) mark(false, error);
      const timedOut = error instanceof StoreUnavailable;
      observe?.(timedOut ? "timeout" : "error", seconds());
      throw timedOut ? error : new StoreUnavailable(errorText(error), { cause: error });
    }
  }

  return {
    run,
    mark,
    /**
     * Calls `handler` each time the store answers again after it did not: what happened while it
     * was away (a write whose news was never published, news published while the bus was away) is
     * read again from the store, not left until the next periodic read.
     */
    onBack: (handler: () => void) => void backHandlers.push(handler),
    /** Whether the store answered the latest call that tells (undefined before the first). */
    get up() {
      return up;
    },
  };
}

export type StoreGuard = ReturnType<typeof createStoreGuard>;
