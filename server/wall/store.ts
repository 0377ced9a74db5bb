import type { WallCells } from "../../contracts/wall.ts";

/**
 * Where the shared wall lives: one interface, two adapters beside it (sqlite.ts, redis.ts) on the
 * shared backends. A batch of paints is written in one atomic step that also counts the wall's
 * version, so every server process can tell which of two news of the same cell is the later one.
 */
export interface StoredWall {
  /** One byte per cell (contracts/wall.ts): 0 blank, else 1 + the palette index. */
  cells: WallCells;
  /** How many batches have been written: the wall holds every batch up to this one. */
  version: number;
}

/** A cell and the palette index it is painted with. */
export type Paint = readonly [cell: number, e: number];

export interface WallStore {
  wall(): Promise<StoredWall>;
  /**
   * Paints the cells in order (each cell of the wall, each emoji of the palette: checked before),
   * as one step; the version this batch made.
   */
  paint(paints: readonly Paint[]): Promise<number>;
}
