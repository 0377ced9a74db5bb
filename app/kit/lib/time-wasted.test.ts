import { describe, expect, it } from "vitest";
import {
  countedMs,
  describeTimeWasted,
  IDLE_AFTER_MS,
  MILESTONES,
  milestoneCrossed,
  parseTimeWasted,
} from "./time-wasted";

const MIN = 60_000;

describe("time wasted", () => {
  it("reads what it stored and ignores anything else", () => {
    expect(parseTimeWasted("4320000")).toBe(4_320_000);
    for (const bad of [null, undefined, "", "-5", "1.5", "1e9", "NaN", "Infinity", "12 min", " 7", "9".repeat(20)]) {
      expect(parseTimeWasted(bad)).toBe(0);
    }
  });

  it("says it in hours and minutes, calmly", () => {
    expect(describeTimeWasted(72 * MIN)).toBe("You have wasted 1 h 12 min here. Well done.");
    expect(describeTimeWasted(12 * MIN + 59_000)).toBe("You have wasted 12 min here. Well done.");
    expect(describeTimeWasted(120 * MIN)).toBe("You have wasted 2 h here. Well done.");
    expect(describeTimeWasted(0)).toBe("You have wasted less than a minute here. Well done.");
    expect(describeTimeWasted(59_999)).toBe("You have wasted less than a minute here. Well done.");
  });

  it("counts a visible tab only, up to a minute after the last input", () => {
    expect(countedMs(0, 5_000, 0, true)).toBe(5_000);
    expect(countedMs(0, 5_000, 0, false)).toBe(0);
    expect(countedMs(55_000, 70_000, 0, true)).toBe(IDLE_AFTER_MS - 55_000);
    expect(countedMs(70_000, 75_000, 0, true)).toBe(0);
    expect(countedMs(70_000, 75_000, 72_000, true)).toBe(5_000);
  });

  it("earns each milestone once, when it is crossed", () => {
    expect(milestoneCrossed(9 * MIN, 10 * MIN)).toBe(MILESTONES[0]);
    expect(milestoneCrossed(10 * MIN, 11 * MIN)).toBeUndefined();
    expect(milestoneCrossed(59 * MIN, 61 * MIN)).toBe(MILESTONES[1]);
    expect(milestoneCrossed(0, 5_000)).toBeUndefined();
  });
});
