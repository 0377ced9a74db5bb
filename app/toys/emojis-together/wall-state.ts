import type { WallCells } from "../../../contracts/wall";
import type { Connection } from "../../kit/live/connection";

/**
 * The shared wall as the page shows it: held by the page's store (shared-wall.ts) and written by
 * its network half (wall-link.ts), which both import it from here.
 */
export interface SharedWallState {
  connection: Connection;
  /** While busy: when the page tries again (ms since 1970), and why, in the server's words. */
  busyUntil: number | null;
  busyReason: string | null;
  cells: WallCells | null;
  /** Cells painted here and not yet confirmed: cell -> palette index. */
  mine: ReadonlyMap<number, number>;
  /** When this visitor may paint again (ms since 1970), or null. */
  cooldownUntil: number | null;
  cooldownMs: number;
  /** When the wall shown was last known to be current, for the offline note. */
  seenAt: number | null;
  /** A paint refused or waiting, in words. */
  notice: string | null;
}
