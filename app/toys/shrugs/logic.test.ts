import { describe, expect, it } from "vitest";
import { seededRandom } from "../../kit/lib/random";
import { MAX_SHRUGS, makeShrug, SHRUG, SHRUG_FONT_PX, SHRUG_MS, shrugTransform } from "./logic";

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

  it("is drawn in one font size and scaled to its own size, centred on the click point", () => {
    expect(SHRUG_FONT_PX).toBe(100);
    expect(shrugTransform({ x: 12, y: 34, size: 40, rotation: -30 })).toBe(
      "translate(12px, 34px) translate(-50%, -50%) rotate(-30deg) scale(0.4)",
    );
    expect(shrugTransform({ x: 0, y: 0, size: 100, rotation: 45 })).toMatch(/ rotate\(45deg\) scale\(1\)$/);
  });
});
