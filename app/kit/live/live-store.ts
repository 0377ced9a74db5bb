/**
 * A shared toy's state on the page, for `useSyncExternalStore`: replaced (never changed in place) on
 * every update, so React sees each change; the toy's connection is started when the first component
 * subscribes and stopped when the last one goes.
 */
export function createLiveStore<S extends object>(
  initial: S,
  { start, stop }: { start: () => void; stop: () => void },
) {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    /** What the server renders (the pre-rendered page): the state before anything is known. */
    initial: () => initial,
    update(next: Partial<S>) {
      state = { ...state, ...next };
      for (const listener of listeners) listener();
    },
    /** Back to `next` without telling anyone (the page is going: nobody listens). */
    reset(next: S) {
      state = next;
    },
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      if (listeners.size === 1) start();
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) stop();
      };
    },
  };
}
