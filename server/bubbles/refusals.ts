import type { NoMessage } from "../../contracts/live.ts";

/** Said for pops meant for a sheet that is finished (the page gets the new one). */
export const SHEET_FINISHED = "That sheet is finished: here is the new one.";

/** Why pops are refused, for the page (in words) and for the operator's metrics (`reason`). */
export type PopRefusal = Pick<NoMessage, "error" | "retryMs"> & {
  reason: "not-loaded" | "finished" | "off-sheet" | "rate" | "store" | "stopping";
};

/**
 * Why a visitor's pops are refused before the rate limit is asked, or null when they may go to it.
 * With `retryMs` the pops wait and go again then; without, never. Refused pops never use up the
 * limit: it is asked only after this.
 */
export function popRefusal(
  current: { sheet: number; size: number } | null,
  request: { sheet: number; i: readonly number[] },
): PopRefusal | null {
  if (!current) return { reason: "not-loaded", error: "The sheet is not here yet. Your pops wait.", retryMs: 1000 };
  if (request.sheet !== current.sheet) return { reason: "finished", error: SHEET_FINISHED };
  if (request.i.some((index) => index >= current.size)) {
    return { reason: "off-sheet", error: `There are only ${current.size} bubbles on this sheet.` };
  }
  return null;
}

/** Pops over the rate limit: they wait `waitMs` (the limit's own answer) and go again. */
export const tooFast = (waitMs: number): PopRefusal => ({
  reason: "rate",
  error: "Nobody pops that fast. Slow down a little.",
  retryMs: Math.ceil(waitMs),
});

/** The server is stopping and has made its last write: the pops go to the next server. */
export const STOPPING: PopRefusal = {
  reason: "stopping",
  error: "The server is restarting. Your pops wait.",
  retryMs: 2000,
};

/** The store did not take the pops in time: they wait and go again. */
export const STORE_AWAY: PopRefusal = {
  reason: "store",
  error: "The sheet is out of reach for a moment. Your pops wait, and go when it is back.",
  retryMs: 2000,
};
