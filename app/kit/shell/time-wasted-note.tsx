import { startTransition, useEffect, useState } from "react";
import { describeTimeWasted, readTimeWasted, subscribeTimeWasted } from "../lib/time-wasted";

/**
 * "You have wasted 1 h 12 min here. Well done." Read after hydration (the pre-rendered page cannot
 * know). A pre-rendered page gives it a min-height in `className` for as many lines as it can
 * take there, so nothing moves when it appears.
 *
 * Read in a transition after the page's effects, not with `useSyncExternalStore`: its stored value
 * differs from the pre-rendered page's on every visit, and React re-rendered the page for it
 * synchronously inside the hydration's one effects task (it is in the menu of every page).
 */
export function TimeWastedNote({ className }: { className?: string }) {
  const [ms, setMs] = useState<number | null>(null);
  useEffect(() => {
    const read = () => startTransition(() => setMs(readTimeWasted()));
    read();
    return subscribeTimeWasted(read);
  }, []);
  return (
    <p data-time-wasted="" className={className}>
      {ms === null ? "" : describeTimeWasted(ms)}
    </p>
  );
}
