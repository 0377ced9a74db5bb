import { describe, expect, it } from "vitest";
import { seededRandom } from "../../kit/lib/random";
import { adoptName, BLINK_MS, nextBlinkDelay, ROCK_NAMES } from "./logic";

describe("pet rock", () => {
  it("gets one of 8 names", () => {
    expect(ROCK_NAMES).toHaveLength(8);
    expect(new Set(ROCK_NAMES).size).toBe(8);
    const random = seededRandom(2);
    expect(new Set(Array.from({ length: 500 }, () => adoptName(random))).size).toBe(8);
  });

  it("blinks for 150 ms every 2 to 7 s", () => {
    expect(BLINK_MS).toBe(150);
    expect(nextBlinkDelay(() => 0)).toBe(2000);
    expect(nextBlinkDelay(() => 0.99999)).toBe(7000);
    const random = seededRandom(3);
    for (let i = 0; i < 1000; i++) {
      const d = nextBlinkDelay(random);
      expect(d).toBeGreaterThanOrEqual(2000);
      expect(d).toBeLessThanOrEqual(7000);
    }
  });
});
