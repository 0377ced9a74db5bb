import type { Browser } from "playwright-core";
import { median } from "./lighthouse.ts";
import { type LiveResult, measureLive } from "./live.ts";

/**
 * Live at most this long after the floor, at the median, on every route, at the calibrated
 * mid-tier phone (decided with issue 39: paint first stays, with Lighthouse's targets; a press
 * before React attaches is held and replayed; docs/performance.md).
 */
export const LIVE_OVER_FLOOR_MS = 400;

/** One cold load of a page and the cold load of the floor just before it. */
export interface PairedRun {
  run: LiveResult;
  floor: LiveResult;
}

export interface Target {
  name: string;
  url: string;
}

/**
 * Loads each group of targets (one page; or one route in each build compared) right after a load
 * of the floor, round by round, the order inside a group reversed every other round. Live over the
 * floor is then taken pair by pair: what drifts over minutes (this machine's speed) lands on both
 * sides of each difference. With the floor loaded once in a seven-minute round, the same page of
 * two builds read 206 and 983 ms behind it, the second measured minutes later (2026-11-26,
 * docs/performance.md).
 */
export async function measureAgainstFloor(
  browser: Browser,
  floorUrl: string,
  groups: readonly (readonly Target[])[],
  runs: number,
  cpuSlowdown: number,
  onRound?: (round: number) => void,
  measure: (browser: Browser, url: string, cpuSlowdown: number) => Promise<LiveResult> = measureLive,
): Promise<{ floor: LiveResult[]; pairs: Map<string, PairedRun[]> }> {
  const floor: LiveResult[] = [];
  const pairs = new Map<string, PairedRun[]>(groups.flat().map((target) => [target.name, []]));
  for (let round = 0; round < runs; round++) {
    for (const group of groups) {
      const floorRun = await measure(browser, floorUrl, cpuSlowdown);
      floor.push(floorRun);
      for (const target of round % 2 ? [...group].reverse() : group) {
        pairs.get(target.name)?.push({ run: await measure(browser, target.url, cpuSlowdown), floor: floorRun });
      }
    }
    onRound?.(round + 1);
  }
  return { floor, pairs };
}

/** The medians of paint and live, each taken pair by pair, over the floor loaded just before. */
export function overFloor(pairs: readonly PairedRun[]): { paint: number; live: number } {
  return {
    paint: median(pairs.map((pair) => pair.run.paint - pair.floor.paint)),
    live: median(pairs.map((pair) => pair.run.live - pair.floor.live)),
  };
}

/** A difference in ms with its sign, as the reports print it: "+120 ms", "-8 ms". */
export const signedMs = (ms: number): string => `${ms >= 0 ? "+" : ""}${Math.round(ms)} ms`;
