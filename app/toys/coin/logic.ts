/** The coin flips for 2 s (spec section 9)… */
export const FLIP_MS = 2000;

/** …and always lands on its side (spec section 4). */
export function flipOutcome(): string {
  return "Side";
}
