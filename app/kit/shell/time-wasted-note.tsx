import { useSyncExternalStore } from "react";
import { cn } from "../lib/cn";
import { describeTimeWasted, readTimeWasted, subscribeTimeWasted } from "../lib/time-wasted";

/**
 * "You have wasted 1 h 12 min here. Well done." Read after hydration (the pre-rendered page cannot
 * know); until then the line keeps its place, so nothing moves when it appears.
 */
export function TimeWastedNote({ className }: { className?: string }) {
  const ms = useSyncExternalStore(subscribeTimeWasted, readTimeWasted, () => null);
  return (
    <p data-time-wasted="" className={cn("min-h-[1lh]", className)}>
      {ms === null ? "" : describeTimeWasted(ms)}
    </p>
  );
}
