/**
 * The clicks this device has made and the global counter has not yet confirmed, as batches. A batch
 * keeps its id from the moment it is first sent, so a retry is recognised by the server and never
 * counted twice; only a batch never sent yet takes more clicks. Pure functions over plain data,
 * kept in localStorage under QUEUE_KEY (storage is untrusted: `parseQueue` accepts only what
 * `addClick` could have made).
 */

export const QUEUE_KEY = "globalClickQueue";

/** The server counts at most this many clicks per batch (server/app.ts, MAX_CLICKS_PER_BATCH). */
export const MAX_CLICKS_PER_BATCH = 50;

/** The page sends what it has every two seconds. */
export const SEND_EVERY_MS = 2000;

/** And asks for the total every five seconds while it is on screen. */
export const REFRESH_EVERY_MS = 5000;

export interface Batch {
  id: string;
  clicks: number;
  /** Sent at least once: its clicks may already be counted, so it never changes again. */
  sent: boolean;
}

const ID = /^[A-Za-z0-9_-]{8,64}$/;

/** The queue stored as `raw`, or an empty one when it is absent or not something this page wrote. */
export function parseQueue(raw: string | null | undefined): Batch[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return [];
    return value.filter(
      (b): b is Batch =>
        typeof b === "object" &&
        b !== null &&
        typeof b.id === "string" &&
        ID.test(b.id) &&
        Number.isSafeInteger(b.clicks) &&
        b.clicks >= 1 &&
        b.clicks <= MAX_CLICKS_PER_BATCH &&
        typeof b.sent === "boolean",
    );
  } catch {
    return [];
  }
}

/** The queue with one more click: in the open batch, or in a new one (made with `newId`). */
export function addClick(queue: readonly Batch[], newId: () => string): Batch[] {
  const last = queue.at(-1);
  if (last && !last.sent && last.clicks < MAX_CLICKS_PER_BATCH) {
    return [...queue.slice(0, -1), { ...last, clicks: last.clicks + 1 }];
  }
  return [...queue, { id: newId(), clicks: 1, sent: false }];
}

/** Every click waiting in the queue, sent or not. */
export function pendingClicks(queue: readonly Batch[]): number {
  return queue.reduce((sum, batch) => sum + batch.clicks, 0);
}

/** The queue with the batch `id` marked sent (from now on it never changes). */
export function markSent(queue: readonly Batch[], id: string): Batch[] {
  return queue.map((batch) => (batch.id === id ? { ...batch, sent: true } : batch));
}

/** The queue without the batch `id` (the server counted it). */
export function dropBatch(queue: readonly Batch[], id: string): Batch[] {
  return queue.filter((batch) => batch.id !== id);
}

/** How long to wait before trying again after `failures` failures in a row: 2 s doubling to 32 s. */
export function retryDelay(failures: number): number {
  return Math.min(SEND_EVERY_MS * 2 ** Math.max(0, failures - 1), 32_000);
}
