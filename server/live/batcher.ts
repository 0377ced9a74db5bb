import type { StoreGuard } from "../ops/store-guard.ts";
import type { Peer } from "./peer.ts";

/** A page's request waiting for the next write: who asked, its number, and what it asked. */
export interface Batched<R> {
  peer: Peer;
  n: number;
  request: R;
}

/**
 * The batching window every shared toy writes through: requests gathered for `flushMs` and written
 * to the store in one call per key (a bubble sheet's number: requests for two sheets are never
 * written as one), so the store sees a few writes a second however many people act; each write
 * has the store's deadline (the guard). When the store takes a batch, `written` answers each
 * request and publishes what it wrote; when it does not answer in time, `failed` tells each request
 * to try again, and if the write lands after all, `landedLate` publishes it (too late is not never:
 * what the store holds is everyone's to see).
 *
 * The server stopping: `stop` waits for the requests whose checks were under way (`checking`; a
 * second at most: each check has the store's deadline, and with a store that slow their write
 * would not be taken either), then writes everything gathered and resolves once each of those
 * requests has its answer. A
 * request that comes once the last write is decided (a page whose upgrade or limit check ended
 * after the stop began) is answered by `refuseLate` at once, in the toy's words: nothing gathered
 * is ever left unwritten and unanswered.
 */
export function createWriteBatcher<R, K, Result>({
  flushMs,
  guard,
  keyOf,
  write,
  written,
  failed,
  landedLate,
  refuseLate,
}: {
  flushMs: number;
  guard: StoreGuard;
  keyOf: (request: R) => K;
  write: (key: K, requests: R[]) => Promise<Result> | Result;
  written: (key: K, batch: Batched<R>[], result: Result) => void;
  failed: (key: K, batch: Batched<R>[]) => void;
  landedLate: (key: K, result: Result) => void;
  /** A request after the last write: refused, with a `retryMs` (the page sends it to the next server). */
  refuseLate: (key: K, batch: Batched<R>[]) => void;
}) {
  let pending = new Map<K, Batched<R>[]>();
  /** How long a stop waits for the checks under way. */
  const CHECKS_WAIT_MS = 1000;
  let flushing: Promise<void> | null = null;
  /** Requests on their way to `add` (their checks under way, each with its deadline). */
  const checks = new Set<Promise<unknown>>();
  let stopping: Promise<void> | null = null;
  /** The last write is decided: what comes now is refused. */
  let closed = false;

  async function writeOne(key: K, batch: Batched<R>[]) {
    const storing = Promise.resolve().then(() =>
      write(
        key,
        batch.map((b) => b.request),
      ),
    );
    try {
      written(key, batch, await guard.run(() => storing));
    } catch {
      failed(key, batch);
      storing.then(
        (result) => landedLate(key, result),
        () => {},
      );
    }
  }

  /** Writes what was gathered since the last write (one write at a time). */
  function flush(): Promise<void> {
    if (flushing || pending.size === 0) return flushing ?? Promise.resolve();
    const batches = pending;
    pending = new Map();
    flushing = (async () => {
      for (const [key, batch] of batches) await writeOne(key, batch);
    })().finally(() => {
      flushing = null;
      // What came while the store wrote goes at the next tick.
      if (pending.size > 0) arm();
    });
    return flushing;
  }

  /**
   * The window's ticks fall every `flushMs` from the batcher's start, as an interval's would (a
   * request waits less than `flushMs` for its write), but a tick is set only while something is
   * gathered: an idle server is not woken 25 times a second by each toy.
   */
  const start = performance.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  function arm() {
    if (timer || stopping) return;
    timer = setTimeout(
      () => {
        timer = undefined;
        void flush();
      },
      flushMs - ((performance.now() - start) % flushMs),
    );
    timer.unref();
  }

  return {
    /** A request for the next write (or, once the last write is decided, refused at once). */
    add(peer: Peer, n: number, request: R) {
      const key = keyOf(request);
      if (closed) return refuseLate(key, [{ peer, n, request }]);
      const batch = pending.get(key) ?? [];
      batch.push({ peer, n, request });
      pending.set(key, batch);
      arm();
    },
    /**
     * A request's checks before it is added (its limit, the store's word on it): a stop that
     * begins meanwhile waits for them, so what was taken before the stop is written with the rest.
     */
    checking<T>(work: Promise<T>): Promise<T> {
      checks.add(work);
      const done = () => void checks.delete(work);
      work.then(done, done);
      return work;
    },
    /** Writes what is gathered now (as the timer would), after any write under way. */
    async flush() {
      await flushing;
      await flush();
    },
    /** Writes what is still gathered, each request answered, and stops. */
    stop(): Promise<void> {
      stopping ??= (async () => {
        clearTimeout(timer);
        // The checks under way now (later ones are not waited for: a flood cannot hold the stop).
        let waited: ReturnType<typeof setTimeout> | undefined;
        await Promise.race([
          Promise.allSettled([...checks]),
          new Promise((resolve) => {
            waited = setTimeout(resolve, CHECKS_WAIT_MS);
          }),
        ]);
        clearTimeout(waited);
        closed = true;
        await flushing;
        await flush();
      })();
      return stopping;
    },
  };
}
