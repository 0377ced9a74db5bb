/**
 * Where the shared sheet lives: one interface, two adapters beside it (sqlite.ts, redis.ts) on the
 * shared backends. Popping is atomic and only ever sets bits; the pop that completes a sheet starts
 * the next one (empty, numbered one more) and counts the finished sheet, in the same step.
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
  /** Set when this call popped the last bubble: the next sheet's number. */
  next?: number;
}

export interface BubbleStore {
  /** The current sheet; a first one, or a new one when the configured size changed. */
  sheet(size: number): Promise<StoredSheet>;
  /**
   * Pops `indexes` (each in 0..size-1) of sheet `sheet`, if it is still the current one. When the
   * store has no sheet at all (Redis lost its data), a first one begins, of `size` bubbles.
   */
  pop(sheet: number, indexes: readonly number[], size: number): Promise<PopResult>;
}
