import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_ARGS, findChromium } from "../chromium.mjs";

export interface LighthouseResult {
  performance: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** Bytes of JavaScript transferred while Lighthouse loaded the page, headers included. */
  scriptBytes: number;
  /** Lighthouse's measure of this machine's speed at the time of the run (higher is faster). */
  benchmarkIndex: number;
  /** Main-thread time by Lighthouse's mainthread-work-breakdown (simulated ms): script evaluation and "other". */
  scriptEvaluation: number;
  otherWork: number;
  /** The long tasks Lighthouse lists (simulated), with what it attributes each to. */
  longTasks: { startTime: number; duration: number; url: string }[];
}

export interface LighthouseOptions {
  /** Lighthouse's CPU slowdown for the simulation (its default is 4). */
  cpuSlowdown?: number;
}

/**
 * One Lighthouse run (mobile defaults, simulated throttling) in a Chromium started for it alone
 * and closed after it, as the Lighthouse CLI and PageSpeed run: a first visit. One long-lived
 * Chromium for all runs read TBT 0-50 ms where fresh ones read 400-600 ms (stack-notes.md).
 * A run that fails on its own (Lighthouse reports a runtime error and no metrics) is tried again;
 * three failures in a row stop the bench with Lighthouse's reason.
 */
export async function lighthouseCold(url: string, { cpuSlowdown }: LighthouseOptions = {}): Promise<LighthouseResult> {
  const chromePath = findChromium();
  if (!chromePath) throw new Error("no Chromium found (see scripts/ensure-chromium.mjs)");
  const runOnce = async () => {
    const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: ["--headless=new", ...CHROMIUM_ARGS] });
    try {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: "json",
        onlyCategories: ["performance"],
        logLevel: "error",
        ...(cpuSlowdown ? { throttling: { cpuSlowdownMultiplier: cpuSlowdown } } : {}),
      });
      if (!result?.lhr) throw new Error(`Lighthouse returned nothing for ${url}`);
      return result.lhr;
    } finally {
      chrome.kill();
    }
  };
  let lhr = await runOnce();
  for (let attempt = 2; lhr.runtimeError && attempt <= 3; attempt++) lhr = await runOnce();
  if (lhr.runtimeError) {
    throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  }
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const summary = lhr.audits["resource-summary"]?.details as {
    items?: { resourceType: string; transferSize: number }[];
  };
  const work = (lhr.audits["mainthread-work-breakdown"]?.details as { items?: { group: string; duration: number }[] })
    ?.items;
  const longTasks = (
    (lhr.audits["long-tasks"]?.details as { items?: { url: string; startTime: number; duration: number }[] })?.items ??
    []
  ).map(({ url: taskUrl, startTime, duration }) => ({ url: taskUrl, startTime, duration }));
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcp: audit("first-contentful-paint"),
    lcp: audit("largest-contentful-paint"),
    tbt: audit("total-blocking-time"),
    cls: audit("cumulative-layout-shift"),
    scriptBytes: summary?.items?.find((item) => item.resourceType === "script")?.transferSize ?? Number.NaN,
    benchmarkIndex: lhr.environment.benchmarkIndex,
    scriptEvaluation: work?.find((item) => item.group === "scriptEvaluation")?.duration ?? Number.NaN,
    otherWork: work?.find((item) => item.group === "other")?.duration ?? Number.NaN,
    longTasks,
  };
}

/** The median of a list of numbers (the mean of the middle two for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** The median of each metric over several runs (timings are noisy). */
export function medianResult(results: readonly LighthouseResult[]): LighthouseResult {
  const of = (key: Exclude<keyof LighthouseResult, "longTasks">) => median(results.map((r) => r[key]));
  return {
    performance: of("performance"),
    fcp: of("fcp"),
    lcp: of("lcp"),
    tbt: of("tbt"),
    cls: of("cls"),
    scriptBytes: of("scriptBytes"),
    benchmarkIndex: of("benchmarkIndex"),
    scriptEvaluation: of("scriptEvaluation"),
    otherWork: of("otherWork"),
    longTasks: [],
  };
}
