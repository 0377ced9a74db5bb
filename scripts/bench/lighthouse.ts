import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_ARGS, findChromium } from "../chromium.mjs";

export interface LighthouseResult {
  performance: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
}

export interface LighthouseRunner {
  run(url: string): Promise<LighthouseResult>;
  close(): Promise<void>;
}

/** One Chromium for all runs; Lighthouse's mobile defaults (simulated throttling). */
export async function startLighthouse(): Promise<LighthouseRunner> {
  const chromePath = findChromium();
  if (!chromePath) throw new Error("no Chromium found (see scripts/ensure-chromium.mjs)");
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ["--headless=new", ...CHROMIUM_ARGS],
  });
  return {
    async run(url) {
      const runOnce = async () => {
        const result = await lighthouse(url, {
          port: chrome.port,
          output: "json",
          onlyCategories: ["performance"],
          logLevel: "error",
        });
        if (!result?.lhr) throw new Error(`Lighthouse returned nothing for ${url}`);
        return result.lhr;
      };
      // A run that fails on its own (Lighthouse reports a runtime error and no metrics) is tried
      // again; one that fails three times in a row stops the bench with Lighthouse's reason.
      let lhr = await runOnce();
      for (let attempt = 2; lhr.runtimeError && attempt <= 3; attempt++) lhr = await runOnce();
      if (lhr.runtimeError) {
        throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      }
      const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      return {
        performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        fcp: audit("first-contentful-paint"),
        lcp: audit("largest-contentful-paint"),
        tbt: audit("total-blocking-time"),
        cls: audit("cumulative-layout-shift"),
      };
    },
    async close() {
      chrome.kill();
    },
  };
}

/** The median of each metric over several runs (timings are noisy). */
export function medianResult(results: readonly LighthouseResult[]): LighthouseResult {
  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const mid = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
  };
  return {
    performance: median(results.map((r) => r.performance)),
    fcp: median(results.map((r) => r.fcp)),
    lcp: median(results.map((r) => r.lcp)),
    tbt: median(results.map((r) => r.tbt)),
    cls: median(results.map((r) => r.cls)),
  };
}
