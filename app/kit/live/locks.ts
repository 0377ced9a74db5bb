/**
 * Web Locks, where the browser has them: one tab at a time changes a value other tabs share, or
 * sends what they share. Where it has none, each tab goes on alone (and the server's rules make a
 * repeated send harmless).
 */
const locks = () => (typeof navigator !== "undefined" ? navigator.locks : undefined);

/** Runs `work` holding the lock `name`, waiting for it. */
export function withLock<T>(name: string, work: () => T | Promise<T>): Promise<T> {
  const manager = locks();
  return manager ? manager.request(name, async () => work()) : Promise.resolve().then(work);
}

/** Runs `work` holding the lock `name` if no other tab holds it; otherwise resolves `busy`. */
export function ifLockFree<T, B>(name: string, work: () => Promise<T>, busy: B): Promise<T | B> {
  const manager = locks();
  if (!manager) return work();
  return manager.request(name, { ifAvailable: true }, (lock) => (lock ? work() : busy));
}
