import { type Random, randomInt } from "../../kit/lib/random";

/** A sparkle lasts 1 s (spec section 9)… */
export const SPARKLE_MS = 1000;
/** …and is 'LOL' instead one time in ten. */
export const LOL_CHANCE = 0.1;
/** However fast the pointer, at most this many sparkles exist. */
export const MAX_SPARKLES = 80;
/** Keyboard steps move the sparkle cursor by this many px. */
export const KEY_STEP = 24;

export interface Sparkle {
  x: number;
  y: number;
  lol: boolean;
  /** Colour hue in degrees. */
  hue: number;
  /** px */
  size: number;
}

export function makeSparkle(x: number, y: number, random: Random): Sparkle {
  return { x, y, lol: random() < LOL_CHANCE, hue: randomInt(0, 359, random), size: randomInt(14, 30, random) };
}

const MOVES: Record<string, [number, number]> = {
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
};

/** The keyboard cursor after an arrow key, kept inside the area; null for other keys. */
export function moveCursor(
  at: { x: number; y: number },
  key: string,
  bounds: { width: number; height: number },
): { x: number; y: number } | null {
  const move = MOVES[key];
  if (!move) return null;
  return {
    x: Math.min(bounds.width, Math.max(0, at.x + move[0] * KEY_STEP)),
    y: Math.min(bounds.height, Math.max(0, at.y + move[1] * KEY_STEP)),
  };
}
