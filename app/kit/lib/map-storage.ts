/**
 * A localStorage for tests in Node: a Map, with reads or writes that throw on demand (a blocked
 * storage throws on access, a full one on write). `installMapStorage` puts a new one in place.
 */
export class MapStorage {
  data = new Map<string, string>();
  failWrites = false;
  failReads = false;
  getItem(key: string) {
    if (this.failReads) throw new Error("SecurityError");
    return this.data.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    if (this.failWrites) throw new Error("QuotaExceededError");
    this.data.set(key, value);
  }
}

export function installMapStorage(): MapStorage {
  const storage = new MapStorage();
  Object.defineProperty(globalThis, "localStorage", { value: storage, configurable: true });
  return storage;
}
