import type { Random } from "../../kit/lib/random";

/** Eight segments, all the same prize (spec section 4). */
export const SEGMENTS = Array.from({ length: 8 }, () => "You Lose");
export const SPIN_MS = 4000;
const SEGMENT_DEGREES = 360 / SEGMENTS.length;

/** The next resting angle: at least five full turns further, landing anywhere. */
export function nextRotation(current: number, random: Random): number {
  return current + 360 * 5 + Math.floor(random() * 360);
}

/** The segment under the pointer (at the top) for a wheel turned clockwise by `rotation` degrees. */
export function segmentAt(rotation: number): number {
  const turned = ((rotation % 360) + 360) % 360;
  return Math.floor(((360 - turned) % 360) / SEGMENT_DEGREES);
}

/** The outcome of a spin. Rigged, naturally. */
export function spinOutcome(rotation: number): string {
  return SEGMENTS[segmentAt(rotation)] as string;
}
