import { pickOne, type Random } from "../../kit/lib/random";

/** The 8 names a rock can get (spec section 9). */
export const ROCK_NAMES = [
  "Rocky",
  "Pebbles",
  "Sir Stone",
  "Dwayne",
  "Boulder Dash",
  "Gravelina",
  "Sedimentary Steve",
  "Cliff",
] as const;

/** A blink lasts 150 ms… */
export const BLINK_MS = 150;
/** …and comes every 2 to 7 s (spec section 9). */
export const MIN_GAP_MS = 2000;
export const MAX_GAP_MS = 7000;

export function adoptName(random: Random): string {
  return pickOne(ROCK_NAMES, random);
}

/** The wait before the next blink, 2 to 7 s. */
export function nextBlinkDelay(random: Random): number {
  return MIN_GAP_MS + Math.floor(random() * (MAX_GAP_MS - MIN_GAP_MS + 1));
}
