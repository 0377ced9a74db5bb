import type { WallCells } from "../../contracts/wall.ts";

/**
 * Where the shared wall lives: one interface, two adapters beside it (sqlite.ts, redis.ts) on the
 * shared backends. A batch of paints is written in one atomic step that also counts the wall's
 * version, so every server process can tell which of two news of the same cell is the later one.
 *
 * Each paint names itself (contracts/wall.ts PAINT_ID, the same on every resend of it), and the
 * store remembers the ids it applied, in the same step: a paint sent again (its `ok` never reached
 * its page: a line that broke, a server that stopped after its write) is applied once, whichever
 * server it reaches, and never paints over a later paint of the cell.
 */
export interface StoredWall {
  /** One byte per cell (contracts/wall.ts): 0 blank, else 1 + the palette index. */
  cells: WallCells;
  /** How many batches have been written: the wall holds every batch up to this one. */
  version: number;
  /**
   * The generation of the wall's data (server/live/generation.ts): another one means the store
   * lost its data and began again, whatever its version says.
   */
  generation: string;
}

/** A cell and the palette index it is painted with. */
export type Paint = readonly [cell: number, e: number];

/** A page's paint: its id (PAINT_ID), its cell and its emoji. */
export interface IdentifiedPaint {
  id: string;
  cell: number;
  e: number;
}

export interface PaintResult {
  /** The version this batch made; the wall's version as it was when it painted nothing new. */
  version: number;
  /** The paints applied, in order: those whose ids were not applied before (within this batch too). */
  painted: Paint[];
  /** The generation of the wall's data they were applied to. */
  generation: string;
}

/**
 * How long, and how many, paint ids are remembered. A page sends a paint again while it is open
 * (after a reconnect, or a server's restart: seconds, or minutes offline), so an hour covers it;
 * past the cap (a flood from many addresses) the oldest are forgotten first, a few more than each
 * write adds, so forgetting keeps up with remembering: 100,000 ids is some 10 MB in either store.
 * A paint whose id was forgotten is a paint like any other when it comes again.
 */
export interface PaintMemory {
  memoryMs?: number;
  maxIds?: number;
}
export const PAINT_MEMORY_MS = 60 * 60_000;
export const MAX_PAINT_IDS = 100_000;
/** Each write forgets at most this many ids beyond the ones it added, so housekeeping stays short. */
export const FORGET_PER_WRITE = 8;

export interface WallStore {
  wall(): Promise<StoredWall>;
  /** Whether the paint `id` was applied (and is still remembered at `now`). */
  applied(id: string, now: number): Promise<boolean>;
  /**
   * Paints the cells in order (each cell of the wall, each emoji of the palette: checked before),
   * skipping paints whose id was applied, and remembers the ids, as one step.
   */
  paint(paints: readonly IdentifiedPaint[], now: number): Promise<PaintResult>;
}
