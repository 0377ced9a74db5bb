import { useEffect, useRef } from "react";

/**
 * Calls `fn` every `ms` while mounted; `ms` null pauses. Always calls the latest `fn`.
 *
 * Nothing ticks while the tab is hidden (a phone's battery pays for every timer, and browsers only
 * slow a hidden tab's timers down): the interval stops when the page is hidden, and when it is
 * shown again `fn` runs at once, so a clock or a countdown catches up, then every `ms` as before.
 */
export function useInterval(fn: () => void, ms: number | null): void {
  const latest = useRef(fn);
  useEffect(() => {
    latest.current = fn;
  });
  useEffect(() => {
    if (ms === null) return;
    let id: ReturnType<typeof setInterval> | undefined;
    const tick = () => latest.current();
    // Hidden: stop. Shown while stopped (or at the start): catch up at once, unless starting, and go on.
    const sync = (catchUp: boolean) => {
      const hidden = document.visibilityState === "hidden";
      if (!hidden && id !== undefined) return;
      clearInterval(id);
      id = undefined;
      if (hidden) return;
      if (catchUp) tick();
      id = setInterval(tick, ms);
    };
    const onVisibility = () => sync(true);
    sync(false);
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      clearInterval(id);
      document.removeEventListener("visibilitychange", onVisibility);
    };
  }, [ms]);
}
