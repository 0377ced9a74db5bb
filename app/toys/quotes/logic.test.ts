import { describe, expect, it } from "vitest";
import { seededRandom } from "../../kit/lib/random";
import { nextQuoteIndex, QUOTE_COUNT, quoteAt } from "./logic";
import { HANDWRITTEN } from "./words";

describe("bad quotes", () => {
  it("has 15 handwritten plus 10 000 generated quotes", () => {
    expect(HANDWRITTEN).toHaveLength(15);
    expect(QUOTE_COUNT).toBe(10_015);
  });

  it("is a pure function of the index", () => {
    expect(quoteAt(0)).toEqual(HANDWRITTEN[0]);
    expect(quoteAt(4321)).toEqual(quoteAt(4321));
    expect(() => quoteAt(QUOTE_COUNT)).toThrow(RangeError);
    expect(() => quoteAt(-1)).toThrow(RangeError);
  });

  it("generates 10 000 distinct quotes, each with an author", () => {
    const seen = new Set<string>();
    for (let i = 15; i < QUOTE_COUNT; i++) {
      const q = quoteAt(i);
      expect(q.quote).toMatch(/^\S.*\.$/);
      expect(q.author.length).toBeGreaterThan(0);
      seen.add(`${q.quote}|${q.author}`);
    }
    expect(seen.size).toBe(10_000);
  });

  it("always picks a different quote, and can reach both ends", () => {
    const random = seededRandom(11);
    let current: number | null = null;
    for (let i = 0; i < 2000; i++) {
      const next = nextQuoteIndex(current, random);
      expect(next).not.toBe(current);
      expect(next).toBeGreaterThanOrEqual(0);
      expect(next).toBeLessThan(QUOTE_COUNT);
      current = next;
    }
    expect(nextQuoteIndex(0, () => 0)).toBe(1);
    expect(nextQuoteIndex(null, () => 0.9999999)).toBe(QUOTE_COUNT - 1);
    expect(nextQuoteIndex(QUOTE_COUNT - 1, () => 0.9999999)).toBe(QUOTE_COUNT - 2);
  });
});
