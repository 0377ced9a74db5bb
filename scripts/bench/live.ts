import type { Browser } from "playwright-core";

export interface LiveResult {
  /** First contentful paint, ms after navigation start. */
  paint: number;
  /**
   * When a press on the page is answered, ms after navigation start: React has attached to the
   * page's heading (hydration reached it) and, on the site, the clicks the bootstrap held until
   * then are replayed (`__pointlessLive`). This is what a visitor gets, measured alike on the floor.
   */
  live: number;
  /** When React had attached to the page's heading, ms after navigation start. */
  attached: number;
  /** When the bootstrap replayed the held clicks (the site only; NaN on the floor). */
  released: number;
  /**
   * When the root layout's effect marked the page `data-hydrated`: the bench's measure of "live"
   * until 2026-11-25. It comes after React attached (a passive effect runs after the commit),
   * and on the floor later than a press is answered, so it flattered the site against the floor.
   */
  hydrated: number;
  /** When the last script had arrived, ms after navigation start. */
  scriptsArrived: number;
  /** Script requests until then. */
  scripts: number;
  /** The longest chain of script requests after the HTML: 1 when the page asked for all of them. */
  chain: number;
}

/** Lighthouse's mobile conditions, applied for real: what a visitor on a mid-range phone gets. */
export const PHONE = { latencyMs: 150, downloadKbps: 1638.4, uploadKbps: 750, cpuSlowdown: 4 } as const;

/**
 * Loads `url` cold (a new browser context: empty cache, no service worker) under the conditions
 * above, the CPU `cpuSlowdown` times slower (scripts/bench/calibrate.ts chooses it), and reports
 * when it painted and when it was live, measured in the page.
 */
export async function measureLive(browser: Browser, url: string, cpuSlowdown: number): Promise<LiveResult> {
  const context = await browser.newContext({ serviceWorkers: "block", viewport: { width: 412, height: 823 } });
  try {
    const page = await context.newPage();
    await page.addInitScript(() => {
      const w = window as unknown as { __bench: { attached?: number; released?: number; hydrated?: number } };
      w.__bench = {};
      // React keeps its fiber on each element it has hydrated, under a key of its own.
      const poll = () => {
        const heading = document.querySelector("h1");
        if (heading && Object.keys(heading).some((key) => key.startsWith("__reactFiber$"))) {
          w.__bench.attached = performance.now();
        } else setTimeout(poll, 5);
      };
      poll();
      // The site's bootstrap sets `__pointlessLive`; the root layout calls it once live.
      let release: unknown;
      Object.defineProperty(window, "__pointlessLive", {
        configurable: true,
        get: () => release,
        set(fn: unknown) {
          release =
            typeof fn === "function"
              ? (...args: unknown[]) => {
                  w.__bench.released = performance.now();
                  return fn(...args);
                }
              : fn;
        },
      });
      new MutationObserver((_, observer) => {
        if (document.documentElement.dataset.hydrated !== "true") return;
        w.__bench.hydrated = performance.now();
        observer.disconnect();
      }).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-hydrated"] });
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: PHONE.latencyMs,
      downloadThroughput: (PHONE.downloadKbps * 1024) / 8,
      uploadThroughput: (PHONE.uploadKbps * 1024) / 8,
    });
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpuSlowdown });

    // Each script's depth: 1 when the document (its HTML or an inline script) asked for it, one
    // more than the script that asked for it otherwise.
    const depth = new Map<string, number>();
    let chain = 0;
    cdp.on("Network.requestWillBeSent", (event) => {
      if (event.type !== "Script") return;
      const asker = event.initiator.url ?? event.initiator.stack?.callFrames[0]?.url ?? "";
      const level = (depth.get(asker) ?? 0) + 1;
      depth.set(event.request.url, level);
      chain = Math.max(chain, level);
    });

    await page.goto(url);
    type Bench = { attached?: number; released?: number; hydrated?: number };
    await page.waitForFunction(
      () => {
        const b = (window as unknown as { __bench: Bench }).__bench;
        const site = typeof (window as unknown as { __pointlessLive?: unknown }).__pointlessLive === "function";
        return b.attached !== undefined && b.hydrated !== undefined && (!site || b.released !== undefined);
      },
      null,
      { timeout: 60_000, polling: 50 },
    );
    const { paint, bench, scriptsArrived } = await page.evaluate(() => ({
      paint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN,
      bench: (window as unknown as { __bench: Bench }).__bench,
      scriptsArrived: Math.max(
        ...performance
          .getEntriesByType("resource")
          .filter((entry) => entry.name.endsWith(".js"))
          .map((entry) => (entry as PerformanceResourceTiming).responseEnd),
      ),
    }));
    return {
      paint,
      live: Math.max(bench.attached ?? Number.NaN, bench.released ?? 0),
      attached: bench.attached ?? Number.NaN,
      released: bench.released ?? Number.NaN,
      hydrated: bench.hydrated ?? Number.NaN,
      scriptsArrived,
      scripts: depth.size,
      chain,
    };
  } finally {
    await context.close();
  }
}
