/**
 * Where the crowd's total lives: one interface, two adapters beside it (sqlite.ts, redis.ts) on the
 * shared backends. Adding is atomic: every batch of a write is checked against its page's replay
 * window (replay-window.ts) and the counted ones are added to the total, all in one step, so a
 * batch is counted once whichever server receives it, however often it is sent.
 */
export interface ClapBatch {
  page: string;
  batch: number;
  count: number;
}

/** The total, with the generation of the data it is counted in (server/live/generation.ts). */
export interface ClapReading {
  total: number;
  generation: string;
}

export interface AddResult extends ClapReading {
  /** The total once this write is in. */
  total: number;
  /** For each batch, in order: counted now, counted before (a repeat), or too old to tell (stale). */
  admissions: ("counted" | "repeat" | "stale")[];
}

/**
 * Pages remembered at most, whatever pages send (each page id is the page's own invention): past
 * it the page seen longest ago is forgotten first (a batch it sends again after that could be
 * counted twice: at most one batch, 30 claps). CLAPS_MAX_PAGES.
 */
export const DEFAULT_MAX_PAGES = 200_000;

export interface ClapStore {
  total(): Promise<ClapReading>;
  /** Counts the batches not counted before; a page is remembered for `memoryMs` after its last batch. */
  add(batches: readonly ClapBatch[], now: number): Promise<AddResult>;
}
