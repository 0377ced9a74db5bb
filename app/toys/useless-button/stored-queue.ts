import { readItem, writeItem } from "../../kit/lib/storage";
import { type Batch, parseQueue, QUEUE_KEY } from "./click-queue";

// The queue lives in localStorage so other tabs and later visits send what this one could not;
// where storage fails, it lives in memory for as long as the page does.
let memoryQueue: Batch[] | null = null;

export function readQueue(): Batch[] {
  if (memoryQueue) return memoryQueue;
  const raw = readItem(QUEUE_KEY);
  return raw === undefined ? [] : parseQueue(raw);
}

export function writeQueue(queue: Batch[]): void {
  if (memoryQueue || !writeItem(QUEUE_KEY, JSON.stringify(queue))) memoryQueue = queue;
}

/**
 * Changes the queue as one step, across tabs: a tab marking a batch sent and another adding a click
 * to it at the same moment would otherwise lose that click.
 */
export function withQueue<T>(
  change: (queue: Batch[]) => { queue?: Batch[]; result: T },
  seen: (queue: Batch[]) => void,
): Promise<T> {
  const run = () => {
    const before = readQueue();
    const { queue, result } = change(before);
    if (queue) writeQueue(queue);
    seen(queue ?? before);
    return result;
  };
  const locks = typeof navigator !== "undefined" ? navigator.locks : undefined;
  return locks ? locks.request(QUEUE_KEY, run) : Promise.resolve(run());
}

/** A batch id no other device will make. */
export const newId = () =>
  typeof crypto !== "undefined" && "randomUUID" in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
