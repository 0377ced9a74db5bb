import type { Random } from "./random";

/**
 * A "shuffle bag": draws every item of a list once before any repeats, then starts a new round,
 * never opening the new round with the item just shown. Pure: the state goes in and comes out.
 */
export interface BagState {
  /** Indexes not drawn yet in this round. */
  readonly remaining: readonly number[];
  /** The index drawn last, or null before the first draw. */
  readonly last: number | null;
}

export const EMPTY_BAG: BagState = { remaining: [], last: null };

export interface Draw {
  readonly index: number;
  readonly state: BagState;
}

export function drawFromBag(state: BagState, size: number, random: Random): Draw {
  if (!Number.isInteger(size) || size < 1) throw new Error("a shuffle bag needs at least one item");
  let remaining = state.remaining.filter((i) => i >= 0 && i < size);
  let candidates = remaining;
  if (remaining.length === 0) {
    remaining = Array.from({ length: size }, (_, i) => i);
    // A new round holds every item but must not open with the one the visitor is looking at.
    candidates = size > 1 && state.last !== null ? remaining.filter((i) => i !== state.last) : remaining;
  }
  const index = candidates[Math.floor(random() * candidates.length)] as number;
  return {
    index,
    state: { remaining: remaining.filter((i) => i !== index), last: index },
  };
}
