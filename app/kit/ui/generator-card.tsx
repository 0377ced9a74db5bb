import type { ReactNode } from "react";
import { useShuffleBag } from "../hooks/use-shuffle-bag";
import { Button } from "./button";

interface GeneratorCardProps<T> {
  /** The built-in list; every item is shown once before any repeats. */
  items: readonly T[];
  /** What one item looks like on the card. */
  render: (item: T) => ReactNode;
  /** The button's label. */
  action: string;
  /** What the card says before the first press. */
  placeholder: ReactNode;
}

/**
 * A card and a button that shows the next item of a list, never repeating until the list is
 * exhausted (then it starts over, never with the item just shown). Shared by the generator toys.
 */
export function GeneratorCard<T>({ items, render, action, placeholder }: GeneratorCardProps<T>) {
  const { current, next } = useShuffleBag(items);
  return (
    <div className="flex w-full flex-col items-center gap-6">
      <div
        aria-live="polite"
        className="flex min-h-56 w-full items-center justify-center rounded-3xl bg-white/95 p-capped-6 text-left text-slate-900 shadow-2xl sm:p-capped-8"
      >
        {current === undefined ? <p className="text-center text-lg text-slate-600">{placeholder}</p> : render(current)}
      </div>
      <Button size="lg" onClick={() => next()}>
        {action}
      </Button>
    </div>
  );
}
