import type { Sheet } from "../../../contracts/bubbles";
import type { Connection } from "../../kit/live/connection";

/**
 * The shared sheet as the page shows it: held by the page's store (shared-sheet.ts) and written by
 * its network half (sheet-link.ts), which both import it from here.
 */
export interface SharedSheetState {
  connection: Connection;
  /** While busy: when the page tries again (ms since 1970), and why, in the server's words. */
  busyUntil: number | null;
  busyReason: string | null;
  sheet: Sheet | null;
  mine: ReadonlySet<number>;
  here: number | null;
  /** The number of the sheet everyone just finished, for the celebration, or null. */
  celebrate: number | null;
  /** When the sheet shown was last known to be current (ms since 1970), for the offline note. */
  seenAt: number | null;
  /** A pop refused for good, in words (too fast, or the sheet was finished). */
  notice: string | null;
}
