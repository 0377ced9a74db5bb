import type { NoMessage } from "../../contracts/live.ts";

/** Said for pops meant for a sheet that is finished (the page gets the new one). */
export const SHEET_FINISHED = "That sheet is finished: here is the new one.";

/**
 * Why a visitor's pops are refused, in the words the page shows, or null when they may go. With
 * `retryMs` the pops wait and go again then; without, never. `wait` takes the pops from the rate
 * limit (seconds to wait, 0 when allowed): asked last, so refused pops never use it up.
 */
export function popRefusal(
  current: { sheet: number; size: number } | null,
  request: { sheet: number; i: readonly number[] },
  wait: () => number,
): Pick<NoMessage, "error" | "retryMs"> | null {
  if (!current) return { error: "The sheet is not here yet. Your pops wait.", retryMs: 1000 };
  if (request.sheet !== current.sheet) return { error: SHEET_FINISHED };
  if (request.i.some((index) => index >= current.size)) {
    return { error: `There are only ${current.size} bubbles on this sheet.` };
  }
  const seconds = wait();
  return seconds > 0 ? { error: "Nobody pops that fast. Slow down a little.", retryMs: seconds * 1000 } : null;
}
