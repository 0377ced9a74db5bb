import { useSyncExternalStore } from "react";

const noop = () => () => {};

/**
 * False while the server-rendered HTML is hydrated, true after (and at once on client navigations).
 * Random or stored content waits for it, so the pre-rendered HTML and the first client render agree.
 *
 * `waits: false` says the pre-rendered HTML is already right for this caller: the hook is then true
 * from the start. React re-renders every component whose server and client values differ right
 * after hydration, synchronously, in one task; a caller that need not wait should not pay for that.
 */
export function useHydrated(waits = true): boolean {
  return useSyncExternalStore(
    noop,
    () => true,
    () => !waits,
  );
}
