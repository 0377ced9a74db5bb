import { useCallback, useEffect, useRef } from "react";

/**
 * One-shot timers owned by a component: `later(fn, ms)` schedules, and every pending timer is
 * cleared on unmount, so nothing fires into a page the visitor has left.
 */
export function useTimeouts(): (fn: () => void, ms: number) => void {
  const pending = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const timers = pending.current;
    return () => {
      for (const id of timers) clearTimeout(id);
      timers.clear();
    };
  }, []);
  return useCallback((fn: () => void, ms: number) => {
    const id = setTimeout(() => {
      pending.current.delete(id);
      fn();
    }, ms);
    pending.current.add(id);
  }, []);
}
