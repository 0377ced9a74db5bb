import { expect, open, test } from "./fixtures";

test("Countdown to Yesterday: counts towards one day earlier, refreshing every 50 ms", async ({ page }) => {
  await page.clock.install({ time: new Date("2026-11-22T12:00:00Z") });
  await open(page, "/countdown");
  await page.clock.pauseAt(new Date("2026-11-22T12:00:05Z"));
  const display = page.locator("time");
  const before = await display.innerText();
  expect(before).toMatch(/^-1d 00:00:0\d\.\d{3}$/);
  await page.clock.runFor(50);
  const after = await display.innerText();
  expect(after).not.toBe(before);
  await page.clock.runFor(60 * 60 * 1000);
  await expect(display).toHaveText(/^-1d 01:00:0\d\.\d{3}$/);
});
