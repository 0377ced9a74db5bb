import type { StoreGuard } from "../store-guard.ts";
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
 * request and publishes what changed; when it does not answer in time, `failed` tells each request
 * to try again, and if the write lands after all, `landedLate` publishes it (too late is not never:
 * what the store holds is everyone's to see).
 */
export function createWriteBatcher<R, K, Result>({
  flushMs,
  guard,
  keyOf,
  write,
  written,
  failed,
  landedLate,
}: {
  flushMs: number;
  guard: StoreGuard;
  keyOf: (request: R) => K;
  write: (key: K, requests: R[]) => Promise<Result> | Result;
  written: (key: K, batch: Batched<R>[], result: Result) => void;
  failed: (key: K, batch: Batched<R>[]) => void;
  landedLate: (key: K, result: Result) => void;
}) {
  let pending = new Map<K, Batched<R>[]>();
  let flushing: Promise<void> | null = null;

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
    });
    return flushing;
  }

  const timer = setInterval(() => void flush(), flushMs);
  timer.unref();

  return {
    /** A request for the next write. */
    add(peer: Peer, n: number, request: R) {
      const key = keyOf(request);
      const batch = pending.get(key) ?? [];
      batch.push({ peer, n, request });
      pending.set(key, batch);
    },
    /** Writes what is gathered now (as the timer would), after any write under way. */
    async flush() {
      await flushing;
      await flush();
    },
    /** Writes what is still gathered, and stops. */
    async stop() {
      clearInterval(timer);
      await flushing;
      await flush();
    },
  };
}
