import { randomId } from "../lib/random-id";
import { readItem, removeItem, writeItem } from "../lib/storage";
import { hasLocks, holdLock } from "./locks";

/**
 * What one tab keeps in localStorage until the server has it (a shared toy's unsent work), under a
 * key of its own: `prefix` and the tab's id, so that two tabs never overwrite each other's and a
 * tab with nothing waiting clears no other's. Each tab holds the Web Lock named after its key for
 * its whole life and writes only once it holds it; a key whose lock nobody holds
 * belongs to a tab that is gone, and the first live tab to take that lock takes the key's value
 * over (`adoptLeft`): nothing is lost, and no two tabs send it. Without Web Locks, a value
 * untouched for ten minutes is taken as left (a live tab touches its own every few seconds:
 * `touch`). Storage is untrusted: what is read back is handed over as found, for the caller to
 * check; a storage that throws keeps nothing, and says nothing.
 */
export interface TabStash {
  /** What this tab kept on an earlier visit to the toy (the same page, before it was left). */
  own(): unknown;
  /** Keeps this tab's value (null: nothing waits, the key goes). */
  save(value: unknown): void;
  /** Writes this tab's value again with the time, so a browser without Web Locks sees it is alive. */
  touch(): void;
  /**
   * The values of tabs that are gone (and of `legacyKey`, the one key every tab shared before),
   * each handed to one tab only: `take` receives them and keeps them as this tab's own (with `save`);
   * their keys go then.
   */
  adoptLeft(take: (values: unknown[]) => void): Promise<void>;
}

/** Without Web Locks, a tab's value this old is taken as left by a tab that is gone. */
const LEFT_AFTER_MS = 10 * 60_000;

/** One id per tab (this document) and prefix: a toy left and visited again writes the same key. */
const ids = new Map<string, string>();
/** The keys whose locks this tab holds or has asked for: its own, and those it adopted. */
const held = new Map<string, Promise<boolean>>();

/** The stored value and when it was written, or null when the text is not one this file wrote. */
function unwrap(text: string | null | undefined): { value: unknown; at: number } | null {
  try {
    const kept = JSON.parse(text ?? "null") as { value?: unknown; at?: unknown } | null;
    if (!kept || typeof kept !== "object" || !("value" in kept)) return null;
    return { value: kept.value, at: typeof kept.at === "number" ? kept.at : 0 };
  } catch {
    return null;
  }
}

/** Every key of storage that starts with `prefix`; none where storage cannot be read. */
function keysOf(prefix: string): string[] {
  const keys: string[] = [];
  try {
    for (let k = 0; k < localStorage.length; k++) {
      const key = localStorage.key(k);
      if (key?.startsWith(prefix)) keys.push(key);
    }
  } catch {
    // No storage: nothing was kept by anyone.
  }
  return keys;
}

function lockOf(key: string, ifAvailable: boolean): Promise<boolean> {
  let lock = held.get(key);
  if (!lock) {
    lock = holdLock(key, { ifAvailable });
    held.set(key, lock);
    // Not taken (another tab holds it): it may be asked for again later.
    void lock.then((got) => {
      if (!got) held.delete(key);
    });
  }
  return lock;
}

export function openTabStash(prefix: string, { legacyKey }: { legacyKey?: string } = {}): TabStash {
  let id = ids.get(prefix);
  if (!id) {
    id = randomId();
    ids.set(prefix, id);
  }
  const key = prefix + id;
  let value: unknown = null;
  /** This tab writes only once it holds its key's lock: before, another tab could adopt the key. */
  let mine = !hasLocks();
  const write = () => {
    if (!mine) return;
    if (value === null) removeItem(key);
    else writeItem(key, JSON.stringify({ at: Date.now(), value }));
  };
  if (hasLocks()) {
    void lockOf(key, false).then((got) => {
      mine = got;
      write();
    });
  }

  return {
    own: () => unwrap(readItem(key))?.value ?? null,
    save(next) {
      value = next;
      write();
    },
    touch: () => {
      if (value !== null) write();
    },
    async adoptLeft(take) {
      const taken: string[] = [];
      const values: unknown[] = [];
      for (const other of keysOf(prefix)) {
        if (other === key || held.has(other)) continue;
        const found = unwrap(readItem(other));
        const left = hasLocks() ? await lockOf(other, true) : found === null || Date.now() - found.at > LEFT_AFTER_MS;
        if (!left) continue;
        taken.push(other);
        // Read again once the lock is held: the value as its tab last wrote it.
        const last = unwrap(readItem(other));
        if (last) values.push(last.value);
      }
      const legacy = legacyKey ? readItem(legacyKey) : null;
      if (legacyKey && legacy) {
        taken.push(legacyKey);
        try {
          values.push(JSON.parse(legacy));
        } catch {
          // Not a value: nothing to take over.
        }
      }
      if (taken.length === 0) return;
      take(values);
      for (const other of taken) removeItem(other);
    },
  };
}
