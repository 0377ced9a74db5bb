import { useCallback } from "react";
import { getStoredNumber, incrementStoredNumber, subscribeStoredNumber } from "../lib/stored-number";
import { useClientValue } from "./use-client-value";

/**
 * A counter saved in localStorage under `key`. The value is null until hydration (the pre-rendered
 * HTML cannot know it; use-client-value.ts); `increment` returns the new count.
 */
export function useStoredNumber(key: string): [value: number | null, increment: (by?: number) => number] {
  const subscribe = useCallback((listener: () => void) => subscribeStoredNumber(key, listener), [key]);
  const read = useCallback(() => getStoredNumber(key), [key]);
  const value = useClientValue<number | null>(subscribe, read, null);
  const increment = useCallback((by = 1) => incrementStoredNumber(key, by), [key]);
  return [value, increment];
}
