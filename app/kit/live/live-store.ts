/**
 * A shared toy's state on the page, for `useLiveState` (use-live-state.ts): replaced (never changed in place) on
 * every update, so React sees each change; the toy's connection is started when the first component
 * subscribes and stopped when the last one goes.
 *
 * The start runs in a task of its own, right after the one that subscribed: the first subscriber is
 * the page's hydration, whose effects all run in one task, and a toy's start (its stored state read
 * and rendered, its channel asked for) made that task long enough to count as blocking on a phone
 * (Lighthouse's TBT). A message, not a timer: a page whose clock is held (a test) still starts.
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
  let starting: MessageChannel | null = null;
  return {
    get: () => state,
    /** What the server renders (the pre-rendered page): the state before anything is known. */
    initial: () => initial,
    update(next: Partial<S>, urgent = false) {
      state = { ...state, ...next };
      for (const listener of listeners) listener(urgent);
    },
    /** Back to `next` without telling anyone (the page is going: nobody listens). */
    reset(next: S) {
      state = next;
    },
    subscribe(listener: (urgent: boolean) => void): () => void {
      listeners.add(listener);
      if (listeners.size === 1 && !started && !starting) {
        const channel = new MessageChannel();
        starting = channel;
        channel.port1.onmessage = () => {
          channel.port1.close();
          if (starting !== channel) return;
          starting = null;
          started = true;
          start();
        };
        channel.port2.postMessage(null);
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size > 0) return;
        if (starting) {
          starting.port1.close();
          starting = null;
        }
        if (started) {
          started = false;
          stop();
        }
      };
    },
  };
}
