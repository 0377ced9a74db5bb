import { type Page, test } from "@playwright/test";

/**
 * Waits out the turn of the day when it is less than a minute away (the test's time limit grows by
 * the wait): a page that says when it last saw something says the time alone on the same day, and
 * the date with it once midnight has passed in between (one run in a few thousand, for a test of
 * a few seconds). The browser keeps this machine's time zone.
 */
export async function clearOfMidnight(): Promise<void> {
  const now = new Date();
  const midnight = new Date(now);
  midnight.setHours(24, 0, 0, 0);
  const left = midnight.getTime() - now.getTime();
  if (left >= 60_000) return;
  if (test.info().timeout > 0) test.info().setTimeout(test.info().timeout + left + 1000);
  await new Promise((resolve) => setTimeout(resolve, left + 1000));
}

/** Counts intervals that were started and not yet cleared, as `window.__liveIntervals()`. */
export async function trackIntervals(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const live = new Set<number>();
    const set = window.setInterval.bind(window);
    const clear = window.clearInterval.bind(window);
    window.setInterval = ((handler: TimerHandler, timeout?: number, ...args: unknown[]) => {
      const id = set(handler, timeout, ...args);
      live.add(id);
      return id;
    }) as typeof window.setInterval;
    window.clearInterval = ((id?: number) => {
      if (id !== undefined) live.delete(id);
      clear(id);
    }) as typeof window.clearInterval;
    (window as unknown as { __liveIntervals: () => number }).__liveIntervals = () => live.size;
  });
}

export function liveIntervals(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { __liveIntervals: () => number }).__liveIntervals());
}

/** Navigates inside the app (no reload) through the menu, so leaving a page unmounts it. */
export async function navigateWithMenu(page: Page, label: string): Promise<void> {
  await page.getByRole("button", { name: "Menu" }).click();
  await page.getByRole("navigation", { name: "All pages" }).getByRole("link", { name: label, exact: true }).click();
}

/**
 * Stops the page's fake clock (installed with page.clock.install), so only runFor moves time. The
 * clock runs while this asks it the time: on a slow machine it may pass the moment asked for
 * first ("Cannot fast-forward to the past"), so it asks again.
 */
export async function pauseClock(page: Page): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    const now = await page.evaluate(() => Date.now());
    try {
      await page.clock.pauseAt(now + 500);
      return;
    } catch (error) {
      if (attempt >= 5 || !String(error).includes("fast-forward to the past")) throw error;
    }
  }
}

/** A fake clock that is stopped before the page loads: timers started on mount fire only with runFor. */
export async function installPausedClock(page: Page): Promise<void> {
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 60_000);
}

/** A timer, interval or animation frame that was asked for and has neither run nor been cancelled. */
export interface LiveTimer {
  kind: "timeout" | "interval" | "frame";
  id: number;
  /** The delay asked for, in ms (0 for frames). */
  ms: number;
  /** The page's path when it was asked for. */
  path: string;
  /**
   * Where in the site's bundle it was asked for (the first few frames of the stack); empty for the
   * document's inline scripts.
   */
  from: string;
}

/**
 * Tracks every setTimeout, setInterval and requestAnimationFrame that is still pending, as
 * `window.__liveTimers()`. A timeout or frame stops being live when it runs or is cleared, an
 * interval only when it is cleared. Call after `page.clock.install` (if any), so the tracker wraps
 * the clock's functions and not the other way round.
 */
export async function trackTimers(page: Page): Promise<void> {
  await page.addInitScript(() => {
    type Kind = "timeout" | "interval" | "frame";
    const live = new Map<string, { kind: Kind; id: number; ms: number; path: string; from: string }>();
    const key = (kind: Kind, id: number) => `${kind === "frame" ? "frame" : "timer"}:${id}`;
    // The site's own code is in its bundle; the document's inline scripts (the bootstrap, React's
    // streaming reveal) schedule a few one-off things while the page loads, which are not the toy's.
    const origin = () =>
      (new Error().stack ?? "")
        .split("\n")
        .filter((line) => line.includes(`${location.origin}/assets/`))
        .slice(0, 3)
        .map((line) => line.trim().replace(/^at /, "").replace(`${location.origin}/assets/`, ""))
        .join(" < ");
    const add = (kind: Kind, id: number, ms: number) =>
      live.set(key(kind, id), { kind, id, ms, path: location.pathname, from: origin() });
    const w = window as unknown as Record<string, (...args: unknown[]) => number>;
    const wrap = (name: string, kind: Kind, once: boolean) => {
      const original = w[name]?.bind(window);
      if (!original) return;
      w[name] = (handler: unknown, ms?: unknown, ...rest: unknown[]) => {
        let id = 0;
        const run =
          typeof handler === "function"
            ? (...args: unknown[]) => {
                if (once) live.delete(key(kind, id));
                return (handler as (...a: unknown[]) => unknown)(...args);
              }
            : handler;
        id = original(run, ms, ...rest);
        add(kind, id, kind === "frame" ? 0 : Number(ms ?? 0));
        return id;
      };
    };
    const unwrap = (name: string, kind: "timer" | "frame") => {
      const original = w[name]?.bind(window);
      if (!original) return;
      // clearTimeout and clearInterval are interchangeable: both clear either kind.
      w[name] = (id: unknown) => {
        live.delete(`${kind}:${id}`);
        return original(id);
      };
    };
    wrap("setTimeout", "timeout", true);
    wrap("setInterval", "interval", false);
    wrap("requestAnimationFrame", "frame", true);
    unwrap("clearTimeout", "timer");
    unwrap("clearInterval", "timer");
    unwrap("cancelAnimationFrame", "frame");
    (window as unknown as { __liveTimers: () => unknown[] }).__liveTimers = () => [...live.values()];
  });
}

export function liveTimers(page: Page): Promise<LiveTimer[]> {
  return page.evaluate(() => (window as unknown as { __liveTimers: () => LiveTimer[] }).__liveTimers());
}
