/**
 * Where the shared sheet lives: one interface, two adapters beside it (sqlite.ts, redis.ts) on the
 * shared backends. Popping is atomic and only ever sets bits; the pop that completes a sheet starts
 * the next one (empty, numbered one more) and counts the finished sheet, in the same step.
 *
 * A sheet keeps the size it began with until it is finished, whatever size the servers reading it
 * are set to: the pop that finishes it begins the next at the size of the server that made it. So
 * a rolling deploy that changes BUBBLES_SHEET_SIZE makes one new sheet at the new size, the one
 * after the sheet under way, instead of servers of two sizes resetting each other's sheet.
 */
export interface StoredSheet {
  sheet: number;
  size: number;
  popped: number;
  finished: number;
  bits: Uint8Array;
}

export interface PopResult {
  /** The sheet the pops were for, as it is now (or the current one, when they were for another). */
  sheet: number;
  /** The bubbles this call popped (the others were popped already, or on another sheet). */
  newly: number[];
  popped: number;
  finished: number;
  /** Set when this call popped the last bubble: the next sheet's number, and its size. */
  next?: number;
  size?: number;
}

export interface BubbleStore {
  /** The current sheet, at its own size; a first one of `size` bubbles when there is none. */
  sheet(size: number): Promise<StoredSheet>;
  /**
   * Pops `indexes` (each in 0..size-1 of the current sheet's size) of sheet `sheet`, if it is still
   * the current one. The sheet a pop begins has `size` bubbles: the next one when it pops the last
   * bubble, or a first one when the store has no sheet at all (Redis lost its data).
   */
  pop(sheet: number, indexes: readonly number[], size: number): Promise<PopResult>;
}
