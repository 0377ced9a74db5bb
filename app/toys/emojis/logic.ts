import { pickOne, type Random } from "../../kit/lib/random";

/**
 * 16 emojis, each with the name a screen reader should say: the palette of the shared wall too
 * (contracts/wall.ts `PALETTE`), so the two walls show the same sixteen; logic.test.ts holds them
 * equal. A copy, not an import: a module both walls import is a chunk of its own, and the shared
 * wall's page paid a request for it (1 KB of its cold load, 400 bytes of it headers; issue 46).
 */
export const EMOJIS: readonly { char: string; name: string }[] = [
  { char: "😀", name: "grinning face" },
  { char: "😂", name: "tears of joy" },
  { char: "🥳", name: "party face" },
  { char: "😎", name: "cool face" },
  { char: "🤪", name: "zany face" },
  { char: "🙃", name: "upside-down face" },
  { char: "🦄", name: "unicorn" },
  { char: "🐸", name: "frog" },
  { char: "🍕", name: "pizza" },
  { char: "🌮", name: "taco" },
  { char: "🚀", name: "rocket" },
  { char: "🌈", name: "rainbow" },
  { char: "🔥", name: "fire" },
  { char: "💩", name: "pile of poo" },
  { char: "👻", name: "ghost" },
  { char: "🤖", name: "robot" },
];

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

export function makeWall(random: Random, size = WALL_SIZE): Tile[] {
  return Array.from({ length: size }, () => ({
    emoji: Math.floor(random() * EMOJIS.length),
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
