import { describe, expect, it } from "vitest";
import { DEVICE_ID, isAllCounts, isAnswer, isCounts, isQuestion } from "./polls";

describe("what both sides check of the polls' messages", () => {
  it("names the spec's five polls 0 to 4 and their three answers 0 to 2", () => {
    expect([0, 4].every(isQuestion)).toBe(true);
    expect([-1, 5, 1.5, Number.NaN].some(isQuestion)).toBe(false);
    expect([0, 2].every(isAnswer)).toBe(true);
    expect([-1, 3, 0.5].some(isAnswer)).toBe(false);
  });

  it("takes counts of three whole numbers per question, and every question's at once", () => {
    expect(isCounts([0, 5, 12_345])).toBe(true);
    for (const bad of [[1, 2], [1, 2, 3, 4], [1, -2, 3], [1, 2.5, 3], ["1", 2, 3], null, {}]) {
      expect(isCounts(bad)).toBe(false);
    }
    const five = Array.from({ length: 5 }, () => [0, 0, 0]);
    expect(isAllCounts(five)).toBe(true);
    expect(isAllCounts(five.slice(1))).toBe(false);
    expect(isAllCounts([...five.slice(1), [0, 0]])).toBe(false);
  });

  it("takes device ids as pages make them", () => {
    expect(DEVICE_ID.test(crypto.randomUUID())).toBe(true);
    expect(DEVICE_ID.test("short")).toBe(false);
    expect(DEVICE_ID.test("with spaces in the id")).toBe(false);
  });
});
