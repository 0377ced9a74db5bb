import { useEffect, useRef } from "react";

/** Calls `fn` every `ms` while mounted; `ms` null pauses. Always calls the latest `fn`. */
export function useInterval(fn: () => void, ms: number | null): void {
  const latest = useRef(fn);
  useEffect(() => {
    latest.current = fn;
  });
  useEffect(() => {
    if (ms === null) return;
    const id = setInterval(() => latest.current(), ms);
    return () => clearInterval(id);
  }, [ms]);
}
