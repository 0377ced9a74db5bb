import { screenEmulationMetrics, userAgents } from "lighthouse/core/config/constants.js";
import type { Browser, CDPSession } from "playwright-core";

/**
 * The JavaScript a first visit downloads, as the browser downloads it: a page loaded in a fresh
 * browser context (empty cache, no service worker) on Lighthouse's phone (its screen, touch and user
 * agent), every script response counted as Chromium received it, headers and body
 * (`Network.loadingFinished`'s `encodedDataLength`, which is Lighthouse's `transferSize`). It counts
 * what the page fetches on its own after it paints (a lazy chunk the page asks for without being
 * touched) as well as what its entry point lists.
 *
 * The load is unthrottled, over loopback: what a page fetches without interaction then arrives in
 * its first second, so "within 10 s of navigation start" (a visit's first seconds, which
 * Lighthouse's load spans too) is every script the page fetches without interaction. A page has
 * settled when it is ready (`ready`: the site's pages once React has hydrated them), its main thread
 * has been idle since, and then no request has been in flight, started or finished for `QUIET_MS`.
 * Its figure counts every script received until then, so it is bytes, not timing: a run slow enough
 * to deliver a script after the window does not change the figure, and such a script is reported
 * (`late`). Measured when this was written: watched for 12 s of quiet instead of 1, every page's
 * figure and scripts were the same, and no page's network did anything after 0.94 s.
 */
export const WINDOW_MS = 10_000;
/** `BUDGET_QUIET_MS=12000` watches each page far longer, to see that nothing comes later. */
export const QUIET_MS = Number(process.env.BUDGET_QUIET_MS ?? 1000);
/** A page that has not settled by then is reported as such and its figure is not trusted. */
const GIVE_UP_MS = 30_000;

export interface ScriptResponse {
  url: string;
  /** Headers and body as transferred. */
  bytes: number;
  /** When it was received, ms after navigation start. */
  at: number;
}

export interface ColdLoad {
  url: string;
  scripts: ScriptResponse[];
  /** All of them: the page's JavaScript on a cold load. */
  bytes: number;
  /** Scripts received after WINDOW_MS, and script requests that failed or never ended. */
  late: string[];
  /** The page's last network activity before it settled, ms after navigation start; NaN when it never settled. */
  settled: number;
}

/** Loads `url` cold and counts the JavaScript it downloads. */
export async function coldLoad(browser: Browser, url: string, ready?: () => boolean): Promise<ColdLoad> {
  const screen = screenEmulationMetrics.mobile;
  if (!screen) throw new Error("Lighthouse names no mobile screen");
  const context = await browser.newContext({
    serviceWorkers: "block",
    viewport: { width: screen.width, height: screen.height },
    deviceScaleFactor: screen.deviceScaleFactor,
    isMobile: screen.mobile,
    hasTouch: screen.mobile,
    userAgent: userAgents.mobile,
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const network = watchNetwork(cdp);
    await cdp.send("Network.enable");
    await page.goto(url, { waitUntil: "load" });
    if (ready) {
      await page.waitForFunction(ready, null, { polling: 20, timeout: GIVE_UP_MS }).catch((error: Error) => {
        throw new Error(`${url} was not ready within ${GIVE_UP_MS / 1000} s: ${error.message}`);
      });
    }
    // Once the main thread has been idle, the effects that ran after the page was ready (the channel's
    // import once live) have asked for their code: the quiet second is counted from then.
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 5000 })));
    const settled = await network.quiet();
    const scripts = network.scripts();
    return {
      url,
      scripts,
      bytes: scripts.reduce((sum, script) => sum + script.bytes, 0),
      late: [
        ...scripts.filter((script) => script.at > WINDOW_MS).map((s) => `${s.url} at ${Math.round(s.at)} ms`),
        ...network.unfinished(),
      ],
      settled,
    };
  } finally {
    await context.close();
  }
}

/** The page's requests as Chromium reports them, from before its navigation. */
function watchNetwork(cdp: CDPSession) {
  const requests = new Map<string, { url: string; script: boolean }>();
  const inFlight = new Set<string>();
  const scripts: ScriptResponse[] = [];
  const failed: string[] = [];
  /** Navigation start and the last activity, in Chromium's monotonic seconds; the last in ours. */
  let start: number | undefined;
  let last = 0;
  let lastActivity = performance.now();
  const touch = (event: { timestamp: number }) => {
    last = Math.max(last, event.timestamp);
    lastActivity = performance.now();
  };
  cdp.on("Network.requestWillBeSent", (event) => {
    start ??= event.timestamp;
    // A redirect reuses the request's id: the earlier hop ended there.
    requests.set(event.requestId, { url: event.request.url, script: event.type === "Script" });
    inFlight.add(event.requestId);
    touch(event);
  });
  cdp.on("Network.responseReceived", (event) => {
    const request = requests.get(event.requestId);
    if (request) request.script = event.type === "Script";
    touch(event);
  });
  cdp.on("Network.dataReceived", touch);
  cdp.on("Network.loadingFinished", (event) => {
    inFlight.delete(event.requestId);
    const request = requests.get(event.requestId);
    if (request?.script) {
      scripts.push({ url: request.url, bytes: event.encodedDataLength, at: (event.timestamp - (start ?? 0)) * 1000 });
    }
    touch(event);
  });
  cdp.on("Network.loadingFailed", (event) => {
    inFlight.delete(event.requestId);
    const request = requests.get(event.requestId);
    if (request?.script) failed.push(`${request.url} failed: ${event.errorText}`);
    touch(event);
  });
  return {
    /**
     * Waits until nothing has happened on the network for QUIET_MS from now: when the last thing
     * did, ms after navigation start.
     */
    async quiet(): Promise<number> {
      const began = performance.now();
      lastActivity = began;
      for (;;) {
        const now = performance.now();
        if (inFlight.size === 0 && now - lastActivity >= QUIET_MS) return (last - (start ?? last)) * 1000;
        if (now - began > GIVE_UP_MS) return Number.NaN;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    scripts: () => [...scripts].sort((a, b) => a.at - b.at),
    unfinished: () => [
      ...failed,
      ...[...inFlight].flatMap((id) => {
        const request = requests.get(id);
        return request?.script ? [`${request.url} never ended`] : [];
      }),
    ],
  };
}
