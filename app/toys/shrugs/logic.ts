import { type Random, randomInt } from "../../kit/lib/random";

export const SHRUG = "¯\\_(ツ)_/¯";
/** A shrug lasts 2 s (spec section 9). */
export const SHRUG_MS = 2000;
/** However fast the clicks, at most this many shrugs are on screen. */
export const MAX_SHRUGS = 60;

export interface Shrug {
  x: number;
  y: number;
  /** Font size in px, 20 to 100. */
  size: number;
  /** Degrees, -45 to 45. */
  rotation: number;
}

export function makeShrug(x: number, y: number, random: Random): Shrug {
  return { x, y, size: randomInt(20, 100, random), rotation: randomInt(-45, 45, random) };
}
