import { pickOne, type Random } from "../../kit/lib/random";

/**
 * The spec leaves the air guitar's throttle open: one strum every 120 ms keeps up with a fast
 * wave of the mouse (about 8 notes a second, a decent shred) without turning into noise.
 */
export const STRUM_THROTTLE_MS = 120;

/** Root notes of power chords, E2 to E3, in Hz. */
export const ROOTS = [82.41, 98.0, 110.0, 123.47, 146.83, 164.81] as const;

/** A power chord: the root and its fifth. */
export function powerChord(random: Random): [number, number] {
  const root = pickOne(ROOTS, random);
  return [root, root * 1.5];
}

/** Each an emoji, a space and words: the page draws the emoji alone in the emoji font. */
export const HYPE = [
  "🤘 Shred!",
  "🔥 Face melted",
  "🎸 Solo!",
  "⚡ Power chord",
  "🤯 Too much rock",
  "🥁 Imaginary drums join in",
] as const;

/** Browsers stay silent until the first click or key press: the amp is off until then. */
export const AMP_OFF = "Click once to plug in the amp";
