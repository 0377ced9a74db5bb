import { describe, expect, it } from "vitest";
import { bisectRate, describeCpu, MID_TIER_INDEX } from "./calibrate.ts";

/** A host whose benchmark index falls a little less than in proportion to the slowdown. */
const host = (index: number) => async (rate: number) => index / rate ** 0.9;

describe("bisectRate", () => {
  it("finds the slowdown at which the host scores like a mid-tier phone, to within 10 points", async () => {
    const score = host(2400);
    const rate = await bisectRate(score, MID_TIER_INDEX, 1, (2400 / MID_TIER_INDEX) * 1.5);
    expect(Math.abs((await score(rate)) - MID_TIER_INDEX)).toBeLessThan(10);
    expect(rate).toBeCloseTo(2.64, 1);
  });

  it("keeps two decimals, as the browser's throttling does, and tries at most eight rates", async () => {
    const tried: number[] = [];
    const score = async (rate: number) => {
      tried.push(rate);
      return rate < 1.5 ? 2000 : 500; // a cliff: never within 10 points of the target
    };
    const rate = await bisectRate(score, MID_TIER_INDEX, 1, 4);
    expect(tried).toHaveLength(8);
    for (const each of tried) expect(Math.round(each * 100) / 100).toBe(each);
    expect(rate).toBeGreaterThanOrEqual(1.49);
    expect(rate).toBeLessThanOrEqual(1.52);
  });
});

describe("describeCpu", () => {
  it("names the slowdown, the host's index and the slowdown of a mid-tier phone on it", () => {
    expect(describeCpu({ rate: 4, hostIndex: 2915.4, midTierRate: 2.71 })).toBe(
      "CPU 4x slower (this host's Lighthouse benchmark index: 2915; it scores like a mid-tier phone, 1000, at 2.71x)",
    );
  });

  it("says so when the host is no faster than a mid-tier phone", () => {
    expect(describeCpu({ rate: 1, hostIndex: 800, midTierRate: 1 })).toBe(
      "CPU 1x slower (this host's Lighthouse benchmark index: 800; no faster than a mid-tier phone's, 1000)",
    );
  });
});
