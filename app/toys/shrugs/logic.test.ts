import { describe, expect, it } from "vitest";
import { seededRandom } from "../../kit/lib/random";
import { MAX_SHRUGS, makeShrug, SHRUG, SHRUG_MS } from "./logic";

describe("infinite shrugs", () => {
  it("is a shrug, for 2 s", () => {
    expect(SHRUG).toBe("¯\\_(ツ)_/¯");
    expect(SHRUG_MS).toBe(2000);
    expect(MAX_SHRUGS).toBeGreaterThan(10);
  });

  it("lands where clicked, 20 to 100 px, rotated -45 to 45 degrees", () => {
    const random = seededRandom(9);
    const sizes = new Set<number>();
    for (let i = 0; i < 2000; i++) {
      const s = makeShrug(12, 34, random);
      expect(s).toMatchObject({ x: 12, y: 34 });
      expect(s.size).toBeGreaterThanOrEqual(20);
      expect(s.size).toBeLessThanOrEqual(100);
      expect(Math.abs(s.rotation)).toBeLessThanOrEqual(45);
      sizes.add(s.size);
    }
    expect(sizes.has(20) && sizes.has(100)).toBe(true);
  });
});
