import type { Browser } from "playwright-core";

export interface LiveResult {
  /** First contentful paint, ms after navigation start. */
  paint: number;
  /** When React had attached to the page (the root layout's `data-hydrated`), ms after navigation start. */
  live: number;
  /** Script requests until then. */
  scripts: number;
  /** The longest chain of script requests after the HTML: 1 when the page asked for all of them. */
  chain: number;
}

/** Lighthouse's mobile conditions, applied for real: what a visitor on a mid-range phone gets. */
export const PHONE = { latencyMs: 150, downloadKbps: 1638.4, uploadKbps: 750, cpuSlowdown: 4 } as const;

/**
 * Loads `url` cold (a new browser context: empty cache, no service worker) under the conditions
 * above, and reports when it painted and when it was live, measured in the page.
 */
export async function measureLive(browser: Browser, url: string): Promise<LiveResult> {
  const context = await browser.newContext({ serviceWorkers: "block", viewport: { width: 412, height: 823 } });
  try {
    const page = await context.newPage();
    await page.addInitScript(() => {
      const w = window as unknown as { __liveAt?: number };
      new MutationObserver((_, observer) => {
        if (document.documentElement.dataset.hydrated !== "true") return;
        w.__liveAt = performance.now();
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
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: PHONE.cpuSlowdown });

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
    await page.waitForFunction(() => (window as unknown as { __liveAt?: number }).__liveAt, null, {
      timeout: 60_000,
      polling: 50,
    });
    const { paint, live } = await page.evaluate(() => ({
      paint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN,
      live: (window as unknown as { __liveAt: number }).__liveAt,
    }));
    return { paint, live, scripts: depth.size, chain };
  } finally {
    await context.close();
  }
}
