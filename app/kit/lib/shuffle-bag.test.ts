import { describe, expect, it } from "vitest";
import { seededRandom } from "./random";
import { type BagState, drawFromBag, EMPTY_BAG } from "./shuffle-bag";

function drawMany(size: number, count: number, seed = 1): number[] {
  const random = seededRandom(seed);
  let state: BagState = EMPTY_BAG;
  const out: number[] = [];
  for (let i = 0; i < count; i++) {
    const draw = drawFromBag(state, size, random);
    out.push(draw.index);
    state = draw.state;
  }
  return out;
}

describe("drawFromBag", () => {
  it("draws every item once before any repeats", () => {
    for (let seed = 1; seed <= 50; seed++) {
      const round = drawMany(25, 25, seed);
      expect(new Set(round).size).toBe(25);
    }
  });

  it("starts over after the list is exhausted, each round complete", () => {
    const draws = drawMany(8, 8 * 6, 7);
    for (let r = 0; r < 6; r++) {
      expect(new Set(draws.slice(r * 8, r * 8 + 8)).size).toBe(8);
    }
  });

  it("never shows the same item twice in a row, also across rounds", () => {
    for (let seed = 1; seed <= 200; seed++) {
      const draws = drawMany(3, 30, seed);
      for (let i = 1; i < draws.length; i++) expect(draws[i]).not.toBe(draws[i - 1]);
    }
  });

  it("always draws the only item of a one-item list", () => {
    expect(drawMany(1, 5)).toEqual([0, 0, 0, 0, 0]);
  });

  it("refuses an empty list", () => {
    expect(() => drawFromBag(EMPTY_BAG, 0, Math.random)).toThrow();
  });

  it("does not mutate the state it is given", () => {
    const state: BagState = { remaining: [0, 1, 2], last: 4 };
    drawFromBag(state, 5, () => 0);
    expect(state).toEqual({ remaining: [0, 1, 2], last: 4 });
  });
});
