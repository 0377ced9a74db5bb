import { useCallback, useRef } from "react";

/** Wraps `fn` so it runs at most once every `ms` milliseconds; extra calls in between are dropped. */
export function useThrottle<A extends unknown[]>(fn: (...args: A) => void, ms: number): (...args: A) => void {
  const last = useRef(Number.NEGATIVE_INFINITY);
  const latest = useRef(fn);
  latest.current = fn;
  return useCallback(
    (...args: A) => {
      const now = performance.now();
      if (now - last.current < ms) return;
      last.current = now;
      latest.current(...args);
    },
    [ms],
  );
}
