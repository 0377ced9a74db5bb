import type { Browser, CDPSession, Page } from "playwright-core";

/**
 * What a page costs once it has settled and nobody touches it (issue 63): Chromium's own
 * main-thread task time (CDP `Performance.getMetrics`, `TaskDuration`) over a window with no
 * input, per second of the window. A phone pays this for as long as the tab is open. Measured at
 * the CPU slowdown given (1: this machine; Lighthouse's 4: its phone), and with the page hidden
 * (`hide`), when asked.
 */
export const AT_REST_WINDOW_MS = 10_000;
/** How long after it is live a page is left to settle before the window (entrance animations, first fetches). */
export const SETTLE_MS = 3000;

async function taskSeconds(cdp: CDPSession): Promise<number> {
  const { metrics } = (await cdp.send("Performance.getMetrics")) as { metrics: { name: string; value: number }[] };
  return metrics.find((metric) => metric.name === "TaskDuration")?.value ?? Number.NaN;
}

/**
 * Counts every callback the page's scripts have the browser call back later (timers, animation
 * frames, idle callbacks, message ports, observers' records aside), as `window.__calledBack`.
 */
function countCallbacks() {
  const counted = window as unknown as { __calledBack: number };
  counted.__calledBack = 0;
  const wrap = <F extends (...args: never[]) => unknown>(callback: F) =>
    typeof callback === "function"
      ? (((...args: Parameters<F>) => {
          counted.__calledBack++;
          return callback(...args);
        }) as unknown as F)
      : callback;
  const setTimeoutOf = window.setTimeout;
  const setIntervalOf = window.setInterval;
  const frameOf = window.requestAnimationFrame;
  window.setTimeout = ((callback: TimerHandler, ms?: number, ...args: unknown[]) =>
    setTimeoutOf(wrap(callback as () => void), ms, ...args)) as typeof window.setTimeout;
  window.setInterval = ((callback: TimerHandler, ms?: number, ...args: unknown[]) =>
    setIntervalOf(wrap(callback as () => void), ms, ...args)) as typeof window.setInterval;
  window.requestAnimationFrame = (callback) => frameOf(wrap(callback));
  if (window.requestIdleCallback) {
    const idleOf = window.requestIdleCallback;
    window.requestIdleCallback = (callback, options) => idleOf(wrap(callback), options);
  }
  const onmessage = Object.getOwnPropertyDescriptor(MessagePort.prototype, "onmessage");
  Object.defineProperty(MessagePort.prototype, "onmessage", {
    configurable: true,
    get() {
      return onmessage?.get?.call(this);
    },
    set(handler) {
      onmessage?.set?.call(this, wrap(handler));
    },
  });
}

/** Says the page is hidden (document.visibilityState, the event), as a switch of tabs does. */
async function hide(page: Page) {
  await page.evaluate(() => {
    Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "hidden" });
    Object.defineProperty(document, "hidden", { configurable: true, get: () => true });
    document.dispatchEvent(new Event("visibilitychange"));
  });
}

export interface AtRest {
  /** Main-thread ms per second of the window (visible). */
  msPerSecond: number;
  /**
   * Hidden: the callbacks the page's scripts had called in the window, per second. A headless
   * Chromium shows every page, so the tab switch is the page told it is hidden: the browser's own
   * frames go on here (a hidden tab has none), and what is counted is what the scripts still do.
   */
  callbacksPerSecond: number;
}

/**
 * Opens `url` in a new page of `browser` (the viewport of a desktop), waits until it is live and
 * SETTLE_MS more, then reads the task time over `windowMs`, with the CPU slowed `cpuRate` times and,
 * with `hidden`, the page hidden just before the window.
 */
export async function measureAtRest(
  browser: Browser,
  url: string,
  {
    cpuRate = 1,
    hidden = false,
    windowMs = AT_REST_WINDOW_MS,
    live = true,
  }: {
    cpuRate?: number;
    hidden?: boolean;
    windowMs?: number;
    /** Whether the page says when it is live (`data-hydrated`); the floor does not: its load event. */
    live?: boolean;
  } = {},
): Promise<AtRest> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    if (hidden) await page.addInitScript(countCallbacks);
    const cdp = await context.newCDPSession(page);
    await cdp.send("Performance.enable", { timeDomain: "threadTicks" });
    if (cpuRate > 1) await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpuRate });
    await page.goto(url);
    if (live) await page.locator("html[data-hydrated]").waitFor({ timeout: 60_000 });
    await page.waitForTimeout(SETTLE_MS);
    if (hidden) await hide(page);
    const calledBack = () => page.evaluate(() => (window as unknown as { __calledBack?: number }).__calledBack ?? 0);
    const before = await taskSeconds(cdp);
    const callbacksBefore = await calledBack();
    await page.waitForTimeout(windowMs);
    const after = await taskSeconds(cdp);
    const callbacksAfter = await calledBack();
    const seconds = windowMs / 1000;
    return {
      msPerSecond: ((after - before) * 1000) / seconds,
      callbacksPerSecond: (callbacksAfter - callbacksBefore) / seconds,
    };
  } finally {
    await context.close();
  }
}
