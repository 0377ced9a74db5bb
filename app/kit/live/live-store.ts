import { whenIdle } from "../lib/next-task";

/**
 * A shared toy's state on the page, for `useLiveState` (use-live-state.ts): replaced (never
 * changed in place) on every update, so React sees each change; the toy's connection is started
 * when the first component subscribes and stopped when the last one goes.
 *
 * The start runs in a task of its own once the page is idle (kit/lib/next-task.ts `whenIdle`):
 * the first subscriber is the page's hydration, whose effects all run in one task, and a toy's
 * start (its stored state read and rendered, its channel asked for) made that task long enough to
 * count as blocking on a phone (Lighthouse's TBT); started right after it, it still shared the
 * main thread with the rest of the hydration.
 *
 * An update says whether it is the visitor's own doing (`urgent`: a pop, shown at once) or news
 * from the server, which a page may render when it has time (use-live-state.ts).
 */
export function createLiveStore<S extends object>(
  initial: S,
  { start, stop }: { start: () => void; stop: () => void },
) {
  let state = initial;
  const listeners = new Set<(urgent: boolean) => void>();
  let started = false;
  let cancelStart: (() => void) | null = null;
  return {
    get: () => state,
    /** What the server renders (the pre-rendered page): the state before anything is known. */
    initial: () => initial,
    update(next: Partial<S>, urgent = false) {
      state = { ...state, ...next };
      for (const listener of listeners) listener(urgent);
    },
    /**
     * `next` without telling anyone: the page is going and nobody listens, or what changed is
     * nothing the page shows now (when the state was last seen, shown only once the page is away),
     * which the next update's render brings along.
     */
    reset(next: S) {
      state = next;
    },
    subscribe(listener: (urgent: boolean) => void): () => void {
      listeners.add(listener);
      if (listeners.size === 1 && !started && !cancelStart) {
        cancelStart = whenIdle(() => {
          cancelStart = null;
          started = true;
          start();
        });
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size > 0) return;
        cancelStart?.();
        cancelStart = null;
        if (started) {
          started = false;
          stop();
        }
      };
    },
  };
}
