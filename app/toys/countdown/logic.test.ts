import { describe, expect, it } from "vitest";
import { DAY_MS, formatRemaining, REFRESH_MS, remaining, yesterdayOf } from "./logic";

describe("countdown to yesterday", () => {
  it("counts towards one day before it started, refreshing every 50 ms", () => {
    expect(yesterdayOf(DAY_MS * 10)).toBe(DAY_MS * 9);
    expect(REFRESH_MS).toBe(50);
  });

  it("is already a day late, and falls further behind", () => {
    const start = Date.UTC(2026, 10, 22);
    const target = yesterdayOf(start);
    expect(formatRemaining(remaining(target, start))).toBe("-1d 00:00:00.000");
    expect(formatRemaining(remaining(target, start + 3250))).toBe("-1d 00:00:03.250");
    expect(formatRemaining(remaining(target, start + DAY_MS + 3_723_004))).toBe("-2d 01:02:03.004");
  });

  it("formats a future moment without a sign", () => {
    expect(formatRemaining(remaining(61_000, 0))).toBe("0d 00:01:01.000");
  });
});
