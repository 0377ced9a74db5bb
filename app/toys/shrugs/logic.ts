import { type Random, randomInt } from "../../kit/lib/random";

export const SHRUG = "¯\\_(ツ)_/¯";
/** A shrug lasts 2 s (spec section 9). */
export const SHRUG_MS = 2000;
/** However fast the clicks, at most this many shrugs are on screen. */
export const MAX_SHRUGS = 60;

/**
 * Every shrug is set in this one font size and scaled down with a transform: Chromium shapes text
 * once per font size, and 81 sizes kept it shaping while the clicks came (446 ms of the first
 * 3 s of fast clicking).
 */
export const SHRUG_FONT_PX = 100;

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

/** Centred on the click point, turned, and scaled from SHRUG_FONT_PX down to the shrug's size. */
export function shrugTransform({ x, y, rotation, size }: Shrug): string {
  return `translate(${x}px, ${y}px) translate(-50%, -50%) rotate(${rotation}deg) scale(${size / SHRUG_FONT_PX})`;
}
