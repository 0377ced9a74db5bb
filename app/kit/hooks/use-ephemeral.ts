import { useCallback, useRef, useState } from "react";
import { appendCapped } from "../lib/capped";
import { useTimeouts } from "./use-timeouts";

/**
 * Short-lived things on screen (shrugs, sparkles, confetti): each added item disappears after
 * `lifetimeMs`, and never more than `max` exist, however fast they are added.
 */
export function useEphemeral<T>(lifetimeMs: number, max: number) {
  const [items, setItems] = useState<(T & { id: number })[]>([]);
  const nextId = useRef(0);
  const later = useTimeouts();
  const add = useCallback(
    (item: T) => {
      const id = nextId.current++;
      setItems((all) => appendCapped(all, { ...item, id }, max));
      later(() => setItems((all) => all.filter((i) => i.id !== id)), lifetimeMs);
    },
    [later, lifetimeMs, max],
  );
  return { items, add };
}
