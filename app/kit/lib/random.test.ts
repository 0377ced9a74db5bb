import { describe, expect, it } from "vitest";
import { pickOne, randomBetween, randomInt, seededRandom, shuffled } from "./random";

describe("random helpers", () => {
  it("randomInt covers both ends and nothing outside", () => {
    expect(randomInt(4, 12, () => 0)).toBe(4);
    expect(randomInt(4, 12, () => 0.999999)).toBe(12);
    const random = seededRandom(3);
    for (let i = 0; i < 1000; i++) {
      const n = randomInt(-30, 30, random);
      expect(n).toBeGreaterThanOrEqual(-30);
      expect(n).toBeLessThanOrEqual(30);
    }
  });

  it("randomBetween stays in [min, max)", () => {
    expect(randomBetween(20, 100, () => 0)).toBe(20);
    expect(randomBetween(20, 100, () => 0.5)).toBe(60);
  });

  it("pickOne picks by position and refuses an empty list", () => {
    expect(pickOne(["a", "b", "c"], () => 0.7)).toBe("c");
    expect(() => pickOne([], () => 0)).toThrow();
  });

  it("shuffled keeps every item", () => {
    const items = Array.from({ length: 20 }, (_, i) => i);
    expect(shuffled(items, seededRandom(9)).sort((a, b) => a - b)).toEqual(items);
  });

  it("seededRandom repeats for the same seed", () => {
    const a = seededRandom(42);
    const b = seededRandom(42);
    for (let i = 0; i < 10; i++) expect(a()).toBe(b());
  });
});
