/**
 * Web Locks, where the browser has them. A lock held for a page's whole life marks what that page
 * alone may write: localStorage is shared by every tab, but one tab's write reaches the others a
 * moment later, so two tabs changing one stored value, even one after the other under a lock, can
 * lose a change. A value with a single writer cannot.
 */
const locks = () => (typeof navigator !== "undefined" ? navigator.locks : undefined);

/** Whether this browser has Web Locks. */
export const hasLocks = () => locks() !== undefined;

/**
 * Takes the lock `name` and holds it until the page goes away (the browser releases it then).
 * Resolves true once held; false when another page holds it and `ifAvailable` is set, or when the
 * browser has no Web Locks.
 */
export function holdLock(name: string, { ifAvailable = false }: { ifAvailable?: boolean } = {}): Promise<boolean> {
  const manager = locks();
  if (!manager) return Promise.resolve(false);
  return new Promise((resolve) => {
    manager
      .request(name, { ifAvailable }, (lock) => {
        resolve(lock !== null);
        // Held for good: this promise never settles.
        return lock ? new Promise<void>(() => {}) : undefined;
      })
      .catch(() => resolve(false));
  });
}
