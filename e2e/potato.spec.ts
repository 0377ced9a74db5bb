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
  // Keys scroll the page that has the browser's focus: made sure of, as a visitor's click would
  // (once in CI, on a machine at load 14, End left the page where it was).
  await page.bringToFront();
  await page.keyboard.press("End");
  await expect.poll(() => scaleOf(page)).toBeCloseTo(100, 0);
  await expect(page.getByText(/^Zoom:/)).toHaveText("Zoom: 100x");
  // At 100x the secret at the potato's heart fills the middle of the window, every word of it.
  for (const line of [/^You found the potato's secret\.$/, /^It is just a potato\. It always was\.$/]) {
    const box = await page.getByText(line).boundingBox();
    expect(box?.x).toBeGreaterThan(0);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThan(1000);
    expect(box?.y).toBeGreaterThan(56);
    expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThan(700);
    expect(box?.height).toBeGreaterThan(12);
  }
  // Still vector art: no raster image anywhere.
  expect(await page.locator("main img").count()).toBe(0);
});

test("Potato Zoom, reduced motion: the scale still follows the scroll, and a jump fades instead of zooming", async ({
  page,
}) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.setViewportSize({ width: 1000, height: 700 });
  await open(page, "/potato");
  const potato = page.locator("[data-potato]");
  expect(await scaleOf(page)).toBe(1);
  // Nothing is eased: no CSS transition or animation rides on the scale.
  expect(await potato.evaluate((el) => getComputedStyle(el).transitionDuration)).toBe("0s");
  // A small step follows the scroll at once and stays fully visible.
  await page.evaluate(() => {
    const el = document.querySelector("[data-zoom-section]") as HTMLElement;
    window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY + 100);
  });
  await expect.poll(() => scaleOf(page)).toBeGreaterThan(1.1);
  expect(await potato.evaluate((el) => getComputedStyle(el).opacity)).toBe("1");
  // Every frame from here on: the scale shown and how visible the potato is.
  await page.evaluate(() => {
    const frames: { scale: number; opacity: number }[] = [];
    (window as unknown as { __frames: typeof frames }).__frames = frames;
    const el = document.querySelector("[data-potato]") as HTMLElement;
    const sample = () => {
      frames.push({
        scale: Number(/scale\(([\d.]+)\)/.exec(el.style.transform)?.[1]),
        opacity: Number(getComputedStyle(el).opacity),
      });
      requestAnimationFrame(sample);
    };
    requestAnimationFrame(sample);
  });
  await page.bringToFront();
  await page.keyboard.press("End");
  await expect.poll(() => scaleOf(page)).toBeCloseTo(100, 0);
  await expect.poll(() => potato.evaluate((el) => getComputedStyle(el).opacity)).toBe("1");
  await expect(page.getByText(/^Zoom:/)).toHaveText("Zoom: 100x");
  const frames = await page.evaluate(
    () => (window as unknown as { __frames: { scale: number; opacity: number }[] }).__frames,
  );
  // The scale changed by big steps (End scrolls in a few frames at most), and never in sight.
  const jumps = frames.slice(1).filter((f, i) => f.scale / (frames[i]?.scale ?? f.scale) > 1.5);
  expect(jumps.length).toBeGreaterThan(0);
  for (const jump of jumps) expect(jump.opacity, `a ${jump.scale}x jump in sight`).toBeLessThan(0.25);
});
