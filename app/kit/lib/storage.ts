/**
 * localStorage that never throws. It may be missing, blocked (throws on access), full (throws on
 * write) or hold anything; callers get `undefined` for "could not read" and `false` for "not saved".
 */
function getStorage(): Storage | undefined {
  try {
    return globalThis.localStorage ?? undefined;
  } catch {
    return undefined;
  }
}

/** The stored string, null when absent, undefined when storage cannot be read at all. */
export function readItem(key: string): string | null | undefined {
  try {
    const storage = getStorage();
    return storage ? storage.getItem(key) : undefined;
  } catch {
    return undefined;
  }
}

/** Saves a value; false when storage is missing, blocked or full. */
export function writeItem(key: string, value: string): boolean {
  try {
    const storage = getStorage();
    if (!storage) return false;
    storage.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

/** Removes a value; false when storage is missing or blocked. */
export function removeItem(key: string): boolean {
  try {
    const storage = getStorage();
    if (!storage) return false;
    storage.removeItem(key);
    return true;
  } catch {
    return false;
  }
}
