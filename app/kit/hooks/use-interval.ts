import { useEffect, useRef } from "react";
import { whileShown } from "../lib/while-shown";

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
    const tick = () => latest.current();
    return whileShown((again) => {
      if (again) tick();
      const id = setInterval(tick, ms);
      return () => clearInterval(id);
    });
  }, [ms]);
}
