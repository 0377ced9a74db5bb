import { describe, expect, it } from "vitest";
import { seededRandom } from "../../kit/lib/random";
import { nextRotation, SEGMENTS, SPIN_MS, segmentAt, spinOutcome } from "./logic";

describe("wheel of misfortune", () => {
  it("has 8 segments that all say 'You Lose', and spins for 4 s", () => {
    expect(SEGMENTS).toHaveLength(8);
    expect(new Set(SEGMENTS)).toEqual(new Set(["You Lose"]));
    expect(SPIN_MS).toBe(4000);
  });

  it("turns at least five times per spin", () => {
    const random = seededRandom(1);
    let r = 0;
    for (let i = 0; i < 50; i++) {
      const next = nextRotation(r, random);
      expect(next - r).toBeGreaterThanOrEqual(1800);
      expect(next - r).toBeLessThan(2160);
      r = next;
    }
  });

  it("finds the segment under the pointer, and it always loses", () => {
    expect(segmentAt(0)).toBe(0);
    expect(segmentAt(360)).toBe(0);
    expect(segmentAt(-45)).toBe(1);
    expect(segmentAt(315)).toBe(1);
    for (let r = 0; r < 720; r += 7) {
      expect(segmentAt(r)).toBeGreaterThanOrEqual(0);
      expect(segmentAt(r)).toBeLessThan(8);
      expect(spinOutcome(r)).toBe("You Lose");
    }
  });
});
