import type { Page } from "@playwright/test";

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

/** Stops the page's fake clock (installed with page.clock.install), so only runFor moves time. */
export async function pauseClock(page: Page): Promise<void> {
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 500);
}

/** A fake clock that is stopped before the page loads: timers started on mount fire only with runFor. */
export async function installPausedClock(page: Page): Promise<void> {
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 60_000);
}
