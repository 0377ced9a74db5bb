import { useCallback, useSyncExternalStore } from "react";
import { getStoredNumber, incrementStoredNumber, subscribeStoredNumber } from "../lib/stored-number";

/**
 * A counter saved in localStorage under `key`. The value is null until hydration (the pre-rendered
 * HTML cannot know it); `increment` returns the new count.
 */
export function useStoredNumber(key: string): [value: number | null, increment: (by?: number) => number] {
  const subscribe = useCallback((listener: () => void) => subscribeStoredNumber(key, listener), [key]);
  const value = useSyncExternalStore<number | null>(
    subscribe,
    () => getStoredNumber(key),
    () => null,
  );
  const increment = useCallback((by = 1) => incrementStoredNumber(key, by), [key]);
  return [value, increment];
}
