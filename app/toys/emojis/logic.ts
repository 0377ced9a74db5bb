import { pickOne, type Random } from "../../kit/lib/random";

/** The wall holds 200 emojis (spec section 9). */
export const WALL_SIZE = 200;
/** Wiggle styles, so the wall does not move in lockstep: each goes out and back in one wiggle. */
export const WIGGLES = ["tilt", "hop", "spin"] as const;
export type Wiggle = (typeof WIGGLES)[number];

export const WIGGLE_KEYFRAMES: Record<Wiggle, Keyframe[]> = {
  tilt: [{ transform: "none" }, { transform: "rotate(-14deg) scale(1.15)" }, { transform: "none" }],
  hop: [{ transform: "none" }, { transform: "translateY(-8px)" }, { transform: "none" }],
  spin: [{ transform: "none" }, { transform: "rotate(16deg)" }, { transform: "none" }],
};

export interface Tile {
  emoji: number;
  wiggle: Wiggle;
}

/** A wall of `size` tiles, each one of `kinds` emojis (by index) with a wiggle. */
export function makeWall(random: Random, kinds: number, size = WALL_SIZE): Tile[] {
  return Array.from({ length: size }, () => ({
    emoji: Math.floor(random() * kinds),
    wiggle: pickOne(WIGGLES, random),
  }));
}

/**
 * Every 600 ms, twenty emojis start a 0.6 s wiggle ({@link WIGGLE_TIMING}): a tenth of the wall
 * moves at any moment, and the page does its work in few, short tasks.
 */
export const WIGGLE_EVERY_MS = 600;
export const WIGGLERS_PER_TICK = 20;

/**
 * One wiggle, as the Web Animations API plays it: a transform only, so it runs on the compositor,
 * and as long as the pause between batches.
 */
export const WIGGLE_TIMING: KeyframeAnimationOptions = { duration: WIGGLE_EVERY_MS, easing: "ease-in-out" };

/** Which tiles wiggle next: `count` distinct positions out of `total`. */
export function pickWigglers(count: number, total: number, random: Random): number[] {
  const picked = new Set<number>();
  while (picked.size < Math.min(count, total)) picked.add(Math.floor(random() * total));
  return [...picked];
}
