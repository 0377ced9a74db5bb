import { describe, expect, it } from "vitest";
import { seededRandom } from "../../kit/lib/random";
import { DAY_MS, faceAt, formatRemaining, REELS, REFRESH_MS, reelIndex, remaining, yesterdayOf } from "./logic";

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

describe("the countdown's face, reel by reel", () => {
  it("shows what the countdown says, refreshed every 50 ms, at every moment", () => {
    const start = Date.UTC(2026, 10, 22, 12, 0, 5);
    const target = yesterdayOf(start);
    const moments = [
      0,
      49,
      50,
      999,
      1000,
      59_999,
      60_000,
      3_599_950,
      3_600_000,
      DAY_MS - 1,
      DAY_MS,
      DAY_MS + 3_723_004,
    ];
    const random = seededRandom(63);
    for (let k = 0; k < 2000; k++) moments.push(Math.floor(random() * 3 * DAY_MS));
    for (const elapsed of moments) {
      const refreshed = elapsed - (elapsed % REFRESH_MS);
      expect(faceAt(elapsed), `at ${elapsed} ms`).toBe(formatRemaining(remaining(target, start + refreshed)));
    }
  });

  it("steps each reel once per label, and the millis every 50 ms", () => {
    expect(REELS.millis.labels).toHaveLength(20);
    expect(REELS.millis.labels.slice(0, 3)).toEqual(["000", "050", "100"]);
    expect(reelIndex(REELS.millis, 49)).toBe(0);
    expect(reelIndex(REELS.millis, 50)).toBe(1);
    expect(reelIndex(REELS.hours, DAY_MS - 1)).toBe(23);
    expect(reelIndex(REELS.hours, DAY_MS)).toBe(0);
  });
});
