import { readItem, writeItem } from "./storage";

/**
 * Counters kept in localStorage under the spec's keys (uselessClicks, personalUselessClicks,
 * toiletFlushes). Reads are validated, writes never throw, and every increment re-reads the stored
 * value, so two tabs clicking in turn lose no clicks. When storage fails, the count lives on in memory.
 */

/** A stored string as a count: garbage, negative, non-finite, unsafe or absent values are 0. */
export function parseCount(raw: string | null | undefined): number {
  if (raw == null || raw.trim() === "") return 0;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 0 || n > Number.MAX_SAFE_INTEGER) return 0;
  return Math.floor(n);
}

const memory = new Map<string, number>();
/** Keys whose last write failed (storage full): storage lags behind memory, so never count backwards. */
const unsaved = new Set<string>();
const listeners = new Map<string, Set<() => void>>();

function notify(key: string): void {
  for (const listener of listeners.get(key) ?? []) listener();
}

function isWatched(key: string): boolean {
  return (listeners.get(key)?.size ?? 0) > 0;
}

/** What storage holds, reconciled with what this tab knows; undefined when storage cannot be read. */
function readCount(key: string): number | undefined {
  const raw = readItem(key);
  if (raw === undefined) return undefined;
  const stored = parseCount(raw);
  return unsaved.has(key) ? Math.max(stored, memory.get(key) ?? 0) : stored;
}

/** The current count for a key: storage when readable, else what this tab last knew. */
export function getStoredNumber(key: string): number {
  const known = memory.get(key);
  // While a page watches the key, `storage` events keep memory current. Otherwise another tab may
  // have counted since (say, while this tab was on another page), so storage is read again.
  if (known !== undefined && isWatched(key)) return known;
  const value = readCount(key) ?? known ?? 0;
  memory.set(key, value);
  return value;
}

/** Adds `by` to the stored count (re-reading it first) and returns the new count. */
export function incrementStoredNumber(key: string, by = 1): number {
  const next = (readCount(key) ?? memory.get(key) ?? 0) + by;
  memory.set(key, next);
  if (writeItem(key, String(next))) unsaved.delete(key);
  else unsaved.add(key);
  notify(key);
  return next;
}

function onStorage(event: StorageEvent): void {
  // key === null means another tab cleared storage: every known counter is re-read.
  const keys = event.key === null ? [...memory.keys()] : [event.key];
  for (const key of keys) {
    if (!memory.has(key)) continue;
    unsaved.delete(key); // another tab wrote (or cleared) the key: its value is the truth now
    memory.set(key, parseCount(event.key === null ? readItem(key) : event.newValue));
    notify(key);
  }
}

/** Subscribes to changes of one key, from this tab or (via the `storage` event) from others. */
export function subscribeStoredNumber(key: string, listener: () => void): () => void {
  let set = listeners.get(key);
  if (!set) {
    set = new Set();
    listeners.set(key, set);
  }
  const hadAny = [...listeners.values()].some((s) => s.size > 0);
  // Until now no `storage` event reached this key: catch up before events keep it current.
  if (set.size === 0 && memory.has(key)) memory.set(key, readCount(key) ?? (memory.get(key) as number));
  set.add(listener);
  if (!hadAny && typeof window !== "undefined") window.addEventListener("storage", onStorage);
  return () => {
    set.delete(listener);
    const hasAny = [...listeners.values()].some((s) => s.size > 0);
    if (!hasAny && typeof window !== "undefined") window.removeEventListener("storage", onStorage);
  };
}

/** Forgets what this tab knows (tests only). */
export function resetStoredNumbersForTests(): void {
  memory.clear();
  unsaved.clear();
}
