import { useCallback, useRef, useState } from "react";
import type { Random } from "../lib/random";
import { type BagState, drawFromBag, EMPTY_BAG } from "../lib/shuffle-bag";

/**
 * Picks items from a list without repeats until the list is exhausted (see `drawFromBag`).
 * `current` is undefined until the first `next()`: call it from an event or an effect, never
 * during render, so pre-rendered HTML stays deterministic. `draw()` picks the same way and keeps
 * nothing React renders, for an item written into the page directly: it schedules no render.
 */
export function useShuffleBag<T>(items: readonly T[], random: Random = Math.random) {
  const bag = useRef<BagState>(EMPTY_BAG);
  const [current, setCurrent] = useState<T | undefined>(undefined);
  const draw = useCallback((): T => {
    const drawn = drawFromBag(bag.current, items.length, random);
    bag.current = drawn.state;
    return items[drawn.index] as T;
  }, [items, random]);
  const next = useCallback((): T => {
    const item = draw();
    setCurrent(() => item);
    return item;
  }, [draw]);
  return { current, next, draw };
}
