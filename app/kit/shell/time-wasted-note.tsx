import { useSyncExternalStore } from "react";
import { describeTimeWasted, readTimeWasted, subscribeTimeWasted } from "../lib/time-wasted";

/**
 * "You have wasted 1 h 12 min here. Well done." Read after hydration (the pre-rendered page cannot
 * know). A pre-rendered page gives it a min-height in `className` for as many lines as it can
 * take there, so nothing moves when it appears.
 */
export function TimeWastedNote({ className }: { className?: string }) {
  const ms = useSyncExternalStore(subscribeTimeWasted, readTimeWasted, () => null);
  return (
    <p data-time-wasted="" className={className}>
      {ms === null ? "" : describeTimeWasted(ms)}
    </p>
  );
}
