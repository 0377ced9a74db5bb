import type { Page } from "@playwright/test";
import { parseTimeWasted, TIME_WASTED_KEY } from "../app/kit/lib/time-wasted";
import { expect, open, test, waitForHydration } from "./fixtures";
import { seedStorage } from "./storage-stubs";
import { installPausedClock } from "./timers";

const stored = (page: Page) => page.evaluate((key) => localStorage.getItem(key), TIME_WASTED_KEY);
/** The stored milliseconds, read as the site reads them (0 for nothing, or for what is not a time). */
const storedMs = async (page: Page) => parseTimeWasted(await stored(page));
const note = (page: Page) => page.locator("main [data-time-wasted]");

/** The visitor acts after `ms` of fake time; the tracker saves what counted then. */
async function actAfter(page: Page, ms: number) {
  await page.clock.runFor(ms);
  await page.keyboard.press("Shift");
}

/**
 * The clock starts with the visitor's first press (its code is fetched then): press every 5 s of
 * fake time until the first count is saved. Returns the stored total then.
 */
async function startCounting(page: Page): Promise<number> {
  const before = await storedMs(page);
  await page.keyboard.press("Shift");
  let first = before;
  await expect
    .poll(async () => {
      await actAfter(page, 5_000);
      first = await storedMs(page);
      return first;
    })
    .toBeGreaterThan(before);
  return first;
}

async function hideTab(page: Page, hidden: boolean) {
  await page.evaluate((hide) => {
    Object.defineProperty(document, "visibilityState", {
      configurable: true,
      get: () => (hide ? "hidden" : "visible"),
    });
    document.dispatchEvent(new Event("visibilitychange"));
  }, hidden);
}

test("time wasted grows only while the tab is visible and the visitor active, and survives a reload", async ({
  page,
}) => {
  await installPausedClock(page);
  await open(page, "/about");
  await expect(note(page)).toHaveText("You have wasted less than a minute here. Well done.");
  const start = await startCounting(page);

  // Active, a press every 5 s: every second counts, and the About page says so as it grows.
  for (let i = 0; i < 6; i++) await actAfter(page, 5_000);
  expect(await storedMs(page)).toBe(start + 30_000);

  // No input for two minutes: only the minute after the last press counts (added up when the tab hides).
  await page.clock.runFor(120_000);
  await hideTab(page, true);
  const idle = await storedMs(page);
  expect(idle).toBe(start + 90_000);
  await expect(note(page)).toHaveText("You have wasted 1 min here. Well done.");

  // Hidden: nothing counts, even with input.
  await actAfter(page, 20_000);
  await actAfter(page, 20_000);
  expect(await storedMs(page)).toBe(idle);

  // Visible again: it counts from then on.
  await hideTab(page, false);
  await actAfter(page, 5_000);
  expect(await storedMs(page)).toBe(idle + 5_000);

  // What was counted is there after a reload, on the About page and in the menu.
  await page.reload();
  await waitForHydration(page);
  const expected = "You have wasted 1 min here. Well done.";
  await expect(note(page)).toHaveText(expected);
  await page.getByRole("button", { name: "Menu" }).click();
  await expect(page.getByRole("navigation", { name: "All pages" })).toContainText(expected);
});

test("a stored value that is not a time is ignored, and counting starts again from nothing", async ({ page }) => {
  await seedStorage(page, { [TIME_WASTED_KEY]: "forever and ever" });
  await installPausedClock(page);
  await open(page, "/about");
  await expect(note(page)).toHaveText("You have wasted less than a minute here. Well done.");
  const first = await startCounting(page);
  expect(first).toBeLessThanOrEqual(60_000);
  expect(await stored(page)).toMatch(/^\d+$/);
});

test("ten minutes wasted earns a toast", async ({ page }) => {
  await seedStorage(page, { [TIME_WASTED_KEY]: String(10 * 60_000 - 1) });
  await installPausedClock(page);
  await open(page, "/hi");
  expect(await startCounting(page)).toBeGreaterThanOrEqual(10 * 60_000);
  await page.clock.runFor(100); // the toast view arrives and opens
  await expect(page.locator(".toast")).toContainText("10 minutes wasted");
});
