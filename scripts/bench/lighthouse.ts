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
}

/**
 * One Lighthouse run (mobile defaults, simulated throttling) in a Chromium started for it alone
 * and closed after it, as the Lighthouse CLI and PageSpeed run: a first visit. One long-lived
 * Chromium for all runs read TBT 0-50 ms where fresh ones read 400-600 ms (stack-notes.md).
 * A run that fails on its own (Lighthouse reports a runtime error and no metrics) is tried again;
 * three failures in a row stop the bench with Lighthouse's reason.
 */
export async function lighthouseCold(url: string): Promise<LighthouseResult> {
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
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcp: audit("first-contentful-paint"),
    lcp: audit("largest-contentful-paint"),
    tbt: audit("total-blocking-time"),
    cls: audit("cumulative-layout-shift"),
    scriptBytes: summary?.items?.find((item) => item.resourceType === "script")?.transferSize ?? Number.NaN,
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
  const of = (key: keyof LighthouseResult) => median(results.map((r) => r[key]));
  return {
    performance: of("performance"),
    fcp: of("fcp"),
    lcp: of("lcp"),
    tbt: of("tbt"),
    cls: of("cls"),
    scriptBytes: of("scriptBytes"),
  };
}
