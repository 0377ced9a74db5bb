import { pickOne, type Random } from "../../kit/lib/random";

/** The wall holds 200 emojis (spec section 9). */
export const WALL_SIZE = 200;
/** Wiggle styles, so the wall does not move in lockstep: each goes out and back in one wiggle. */
export const WIGGLES = ["tilt", "hop", "spin"] as const;
export type Wiggle = (typeof WIGGLES)[number];

/**
 * Each emoji wiggles once every WIGGLE_CYCLE_MS, for WIGGLE_MS, at a moment of its own in the cycle
 * (its phase): a tenth of the wall moves at any moment, twenty emojis at a time. The wiggles are CSS
 * animations (./motion.css, `wiggle-<kind>`, whose keyframes hold this share of the
 * cycle), running on the compositor from the first paint: no script, no timer, and no layer made
 * and dropped per batch (issue 63: the batches started from a timer cost 25-40 ms of main thread
 * a second at rest; these about 2).
 */
export const WIGGLE_CYCLE_MS = 6000;
export const WIGGLE_MS = 600;

export interface Tile {
  emoji: number;
  wiggle: Wiggle;
  /** Where in the cycle the emoji starts, in ms (its animation's negative delay). */
  phaseMs: number;
}

/** A wall of `size` tiles, each one of `kinds` emojis (by index) with a wiggle and its moment. */
export function makeWall(random: Random, kinds: number, size = WALL_SIZE): Tile[] {
  return Array.from({ length: size }, () => ({
    emoji: Math.floor(random() * kinds),
    wiggle: pickOne(WIGGLES, random),
    phaseMs: Math.floor(random() * WIGGLE_CYCLE_MS),
  }));
}

/** How many of `wall`'s emojis are wiggling `at` ms into the cycle. */
export function wigglingAt(wall: readonly Tile[], at: number): number {
  return wall.filter(
    (tile) => (((at + tile.phaseMs) % WIGGLE_CYCLE_MS) + WIGGLE_CYCLE_MS) % WIGGLE_CYCLE_MS < WIGGLE_MS,
  ).length;
}
