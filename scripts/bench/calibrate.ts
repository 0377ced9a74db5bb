import { pageFunctions } from "lighthouse/core/lib/page-functions.js";
import { median } from "./lighthouse.ts";
import { launchVisitorBrowser } from "./visitor-browser.ts";

/**
 * Lighthouse's benchmark index of a mid-tier phone (a Pixel 5): the score Chrome DevTools' own CPU
 * calibration aims its "Mid-tier mobile" throttling at. Lighthouse's fixed 4x was chosen on faster
 * hosts; on a slower one it emulates a slower phone than that.
 */
export const MID_TIER_INDEX = 1000;

/** A rate whose score is this close to the target is the one (DevTools' tolerance). */
const CLOSE_ENOUGH = 10;

/** DevTools' CPU throttling keeps two decimals. */
const hundredths = (rate: number) => Math.round(rate * 100) / 100;

/**
 * The CPU slowdown at which `score` (a benchmark run at that slowdown) reads `target`, found as
 * DevTools' calibration finds it: bisecting between `lower` (scores above the target) and `upper`
 * (below it), at most eight steps. Scores fall as the slowdown rises, not quite in proportion.
 */
export async function bisectRate(
  score: (rate: number) => Promise<number>,
  target: number,
  lower: number,
  upper: number,
): Promise<number> {
  let low = lower;
  let high = upper;
  let rate = low;
  for (let step = 0; step < 8; step++) {
    rate = hundredths((low + high) / 2);
    const result = await score(rate);
    if (Math.abs(result - target) < CLOSE_ENOUGH) break;
    if (result < target) high = rate;
    else low = rate;
  }
  return rate;
}

export interface Calibration {
  /** Lighthouse's benchmark index of this host, unthrottled (the median of three runs). */
  hostIndex: number;
  /** The slowdown at which this host scores like a mid-tier phone; 1 if it is no faster than one. */
  midTierRate: number;
}

/**
 * Runs Lighthouse's benchmark index in a page of a Chromium of its own, unthrottled and then at the
 * rates a bisection tries, and returns the host's index and its mid-tier slowdown. About 10 s.
 */
export async function calibrateCpu(): Promise<Calibration> {
  const browser = await launchVisitorBrowser();
  try {
    const page = await browser.newPage();
    const cdp = await page.context().newCDPSession(page);
    const benchmark = `(${pageFunctions.computeBenchmarkIndex})()`;
    const score = async (rate: number) => {
      await cdp.send("Emulation.setCPUThrottlingRate", { rate });
      return (await page.evaluate(benchmark)) as number;
    };
    await score(1); // V8 warms up.
    const runs = [await score(1), await score(1), await score(1)];
    const hostIndex = median(runs);
    if (hostIndex <= MID_TIER_INDEX) return { hostIndex, midTierRate: 1 };
    const midTierRate = await bisectRate(score, MID_TIER_INDEX, 1, (hostIndex / MID_TIER_INDEX) * 1.5);
    return { hostIndex, midTierRate };
  } finally {
    await browser.close();
  }
}

/**
 * The CPU slowdown asked for: `mid-tier` (the slowdown at which this host scores like a mid-tier
 * phone), at which the live target is set (issue 39), unless CPU_SLOWDOWN says otherwise: a
 * number (Lighthouse's own is 4) or `mid-tier`.
 */
const CPU_SLOWDOWN: number | "mid-tier" = (() => {
  const asked = process.env.CPU_SLOWDOWN;
  if (asked === undefined) return "mid-tier";
  if (asked === "mid-tier") return asked;
  const rate = Number(asked);
  if (!(rate >= 1)) throw new Error(`CPU_SLOWDOWN is a number, 1 or more, or "mid-tier"; it was "${asked}".`);
  return rate;
})();

/** The slowdown a bench applies, with this host's calibration. */
export interface CpuChoice extends Calibration {
  rate: number;
}

/** Calibrates this host (always: the reports say how fast it is) and picks the slowdown asked for. */
export async function chooseCpuSlowdown(asked: number | "mid-tier" = CPU_SLOWDOWN): Promise<CpuChoice> {
  const calibration = await calibrateCpu();
  return { ...calibration, rate: asked === "mid-tier" ? calibration.midTierRate : asked };
}

/** How a report names the slowdown and the host it was measured on. */
export function describeCpu(cpu: CpuChoice): string {
  const host = `this host's Lighthouse benchmark index: ${Math.round(cpu.hostIndex)}`;
  const midTier =
    cpu.hostIndex <= MID_TIER_INDEX
      ? `no faster than a mid-tier phone's, ${MID_TIER_INDEX}`
      : `it scores like a mid-tier phone, ${MID_TIER_INDEX}, at ${cpu.midTierRate}x`;
  return `CPU ${cpu.rate}x slower (${host}; ${midTier})`;
}
