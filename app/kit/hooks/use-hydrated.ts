import { useSyncExternalStore } from "react";

const noop = () => () => {};

/**
 * False while the server-rendered HTML is hydrated, true after (and at once on client navigations).
 * Random or stored content waits for it, so the pre-rendered HTML and the first client render agree.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noop,
    () => true,
    () => false,
  );
}
