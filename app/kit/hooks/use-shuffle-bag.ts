import { useCallback, useRef, useState } from "react";
import type { Random } from "../lib/random";
import { type BagState, drawFromBag, EMPTY_BAG } from "../lib/shuffle-bag";

/**
 * Draws items from a list without repeats until the list is exhausted (see `drawFromBag`), and
 * keeps nothing React renders: for an item used at once (written into the page directly), so a
 * draw schedules no render.
 */
export function useShuffleDraw<T>(items: readonly T[], random: Random = Math.random): () => T {
  const bag = useRef<BagState>(EMPTY_BAG);
  return useCallback((): T => {
    const draw = drawFromBag(bag.current, items.length, random);
    bag.current = draw.state;
    return items[draw.index] as T;
  }, [items, random]);
}

/**
 * Picks items from a list without repeats until the list is exhausted (see `drawFromBag`).
 * `current` is undefined until the first `next()`: call it from an event or an effect, never
 * during render, so pre-rendered HTML stays deterministic.
 */
export function useShuffleBag<T>(items: readonly T[], random: Random = Math.random) {
  const draw = useShuffleDraw(items, random);
  const [current, setCurrent] = useState<T | undefined>(undefined);
  const next = useCallback((): T => {
    const item = draw();
    setCurrent(() => item);
    return item;
  }, [draw]);
  return { current, next };
}
