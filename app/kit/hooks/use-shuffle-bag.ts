import { useCallback, useRef, useState } from "react";
import type { Random } from "../lib/random";
import { type BagState, drawFromBag, EMPTY_BAG } from "../lib/shuffle-bag";

/**
 * Picks items from a list without repeats until the list is exhausted (see `drawFromBag`).
 * `current` is undefined until the first `next()`: call it from an event or an effect, never
 * during render, so pre-rendered HTML stays deterministic.
 */
export function useShuffleBag<T>(items: readonly T[], random: Random = Math.random) {
  const bag = useRef<BagState>(EMPTY_BAG);
  const [current, setCurrent] = useState<T | undefined>(undefined);
  const next = useCallback((): T => {
    const draw = drawFromBag(bag.current, items.length, random);
    bag.current = draw.state;
    const item = items[draw.index] as T;
    setCurrent(() => item);
    return item;
  }, [items, random]);
  return { current, next };
}
