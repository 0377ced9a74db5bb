import { describe, expect, it } from "vitest";
import { seededRandom } from "../lib/random";
import { comeBackSchedule, jitteredDelay, retryDelay } from "./retry";

describe("retryDelay", () => {
  it("doubles from two seconds to at most 32, shortened by up to a fifth", () => {
    expect([1, 2, 3, 4, 5, 6, 9].map((n) => retryDelay(n, () => 0))).toEqual([
      2000, 4000, 8000, 16_000, 32_000, 32_000, 32_000,
    ]);
    expect(retryDelay(1, () => 1)).toBe(1600);
    expect(retryDelay(0, () => 0)).toBe(2000);
  });
});

describe("jitteredDelay", () => {
  it("is anywhere in a window that doubles from a second to at most thirty", () => {
    expect([1, 2, 3, 5, 6, 9].map((n) => jitteredDelay(n, { random: () => 1 }))).toEqual([
      1000, 2000, 4000, 16_000, 30_000, 30_000,
    ]);
    expect(jitteredDelay(3, { random: () => 0 })).toBe(0);
    expect(jitteredDelay(3, { random: () => 0.5 })).toBe(2000);
  });
});

describe("comeBackSchedule", () => {
  it("tries first at a moment drawn once within the window, then at fixed gaps of at least the window", () => {
    const schedule = comeBackSchedule(5000, 100_000, () => 0.3);
    const tries = [schedule.nextTry(100_000)];
    for (let k = 0; k < 7; k++) tries.push(schedule.nextTry(tries.at(-1) as number));
    expect(tries[0]).toBe(101_500);
    // The gaps: the window, until the doubling backoff (2, 4, 8, 16, 30 s) is longer.
    expect(tries.slice(1).map((at, k) => at - (tries[k] as number))).toEqual([
      5000, 5000, 8000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });

  it("keeps the page's beat when a try took longer than its gap", () => {
    const schedule = comeBackSchedule(5000, 0, () => 0.5);
    expect(schedule.nextTry(0)).toBe(2500);
    // That try hung for 12 s: the next moment on the beat after now, not now.
    expect(schedule.nextTry(14_500)).toBe(17_500);
  });

  it("brings pages cut together back no denser than the window allows, however long the server takes", () => {
    // Each page's first try after the server's return, for returns from a blink to a minute: the
    // share in any quarter second is at most a quarter over the window's 5 s (1/20), up to chance.
    const random = seededRandom(46);
    const PAGES = 2000;
    for (const returnAt of [300, 1000, 2500, 4900, 7000, 12_000, 40_000, 61_000]) {
      const perQuarter = new Map<number, number>();
      for (let page = 0; page < PAGES; page++) {
        const schedule = comeBackSchedule(5000, 0, random);
        let at = schedule.nextTry(0);
        while (at < returnAt) at = schedule.nextTry(at);
        const quarter = Math.floor((at - returnAt) / 250);
        perQuarter.set(quarter, (perQuarter.get(quarter) ?? 0) + 1);
      }
      // Binomial(2000, 1/20) per quarter: mean 100, standard deviation 9.7. Fresh pauses after a
      // refused try put up to 285 in one quarter (issue 55).
      expect(Math.max(...perQuarter.values())).toBeLessThan(140);
    }
  });
});
