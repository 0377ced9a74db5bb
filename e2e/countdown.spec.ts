import type { Page } from "@playwright/test";
import { expect, open, test } from "./fixtures";

/** Waits until React has rendered whatever the last timer scheduled (its scheduler posts messages). */
async function settle(page: Page) {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve();
        channel.port2.postMessage(null);
      }),
  );
}

test("Countdown to Yesterday: counts towards one day earlier, refreshing every 50 ms", async ({ page }) => {
  // The clock stands still from before the page loads, so the countdown starts at exactly `start`
  // and its 50 ms ticks fall at start + 50, start + 100, ...
  const start = new Date("2026-11-22T12:00:05Z");
  // Installed a minute earlier: the clock runs until paused, and pausing can only go forward (an
  // install at `start` itself failed when the machine took a moment between the two calls).
  await page.clock.install({ time: start.getTime() - 60_000 });
  await page.clock.pauseAt(start);
  await open(page, "/countdown");
  const display = page.locator("time");
  await expect(display).toHaveText("-1d 00:00:00.000");

  await page.clock.runFor(49);
  await settle(page);
  await expect(display).toHaveText("-1d 00:00:00.000");
  await page.clock.runFor(1);
  await expect(display).toHaveText("-1d 00:00:00.050");

  // The target is one day before the start: an hour later it is one day and one hour away.
  // (fastForward jumps the hour and fires the interval once, instead of 72,000 times.)
  await page.clock.fastForward(60 * 60 * 1000 - 50);
  await expect(display).toHaveText("-1d 01:00:00.000");
  await page.clock.runFor(49);
  await settle(page);
  await expect(display).toHaveText("-1d 01:00:00.000");
  await page.clock.runFor(1);
  await expect(display).toHaveText("-1d 01:00:00.050");
});
