import { MAX_CLAPS_PER_BATCH } from "../../contracts/claps.ts";
import type { NoMessage } from "../../contracts/live.ts";

/** Why claps are refused, for the page (in words) and for the operator's metrics (`reason`). */
export type ClapRefusal = Pick<NoMessage, "error" | "retryMs"> & {
  reason: "count" | "rate" | "store" | "stale" | "stopping";
};

/** A count that is not a whole number of claps one batch may carry: refused for good. */
export function countRefusal(count: unknown): ClapRefusal | null {
  if (Number.isSafeInteger(count) && (count as number) >= 1 && (count as number) <= MAX_CLAPS_PER_BATCH) return null;
  return { reason: "count", error: `A batch of claps is a whole number from 1 to ${MAX_CLAPS_PER_BATCH}.` };
}

/** Claps over the rate limit: they wait `waitMs` (the limit's own answer) and go again. */
export const tooFast = (waitMs: number): ClapRefusal => ({
  reason: "rate",
  error: "Nobody claps that fast. Your claps wait a moment, then join the crowd.",
  retryMs: Math.ceil(waitMs),
});

/** The server is stopping and has made its last write: the claps go to the next server. */
export const STOPPING: ClapRefusal = {
  reason: "stopping",
  error: "The server is restarting. Your claps wait.",
  retryMs: 2000,
};

/** The store did not take the claps in time: they wait and go again. */
export const STORE_AWAY: ClapRefusal = {
  reason: "store",
  error: "The crowd is out of reach for a moment. Your claps wait, and go when it is back.",
  retryMs: 2000,
};

/** A batch older than the page's replay window: no page of this site sends one. */
export const STALE: ClapRefusal = {
  reason: "stale",
  error: "That batch of claps is too old to count.",
};
