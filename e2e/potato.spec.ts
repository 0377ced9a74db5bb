import { expect, open, test } from "./fixtures";

const scaleOf = (page: import("@playwright/test").Page) =>
  page
    .locator("[data-potato]")
    .evaluate((el) => Number(/scale\(([\d.]+)\)/.exec((el as HTMLElement).style.transform)?.[1]));

test("Potato Zoom: a 500vh page where scrolling zooms the potato from 1 to 100", async ({ page }) => {
  await page.setViewportSize({ width: 1000, height: 700 });
  await open(page, "/potato");
  const section = page.locator("[data-zoom-section]");
  expect(await section.evaluate((el) => el.getBoundingClientRect().height)).toBe(3500);
  expect(await scaleOf(page)).toBe(1);
  await page.evaluate(() => {
    const el = document.querySelector("[data-zoom-section]") as HTMLElement;
    const top = el.getBoundingClientRect().top + window.scrollY;
    window.scrollTo(0, top + (el.offsetHeight - window.innerHeight) / 2);
  });
  await expect.poll(() => scaleOf(page)).toBeCloseTo(10, 0);
  await page.keyboard.press("End");
  await expect.poll(() => scaleOf(page)).toBeCloseTo(100, 0);
  await expect(page.getByText(/^Zoom:/)).toHaveText("Zoom: 100x");
  // Still vector art: no raster image anywhere.
  expect(await page.locator("main img").count()).toBe(0);
});
