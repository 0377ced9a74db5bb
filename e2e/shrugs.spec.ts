import { expect, open, test } from "./fixtures";
import { installPausedClock } from "./timers";

test.describe("Infinite Shrugs", () => {
  test("a click adds a shrug at the click point, sized and rotated within the spec, gone after 2 s", async ({
    page,
  }) => {
    await installPausedClock(page);
    await open(page, "/shrugs");
    const zone = page.getByRole("button", { name: /Shrug zone/ });
    await zone.click({ position: { x: 120, y: 150 } });
    const shrug = page.locator("[data-shrug]");
    await expect(shrug).toHaveCount(1);
    await expect(shrug).toHaveText("¯\\_(ツ)_/¯");
    const style = (await shrug.getAttribute("style")) ?? "";
    expect(style).toContain("translate(120px, 150px)");
    const size = Number(/font-size: (\d+)px/.exec(style)?.[1]);
    const rotation = Number(/rotate\((-?\d+)deg\)/.exec(style)?.[1]);
    expect(size).toBeGreaterThanOrEqual(20);
    expect(size).toBeLessThanOrEqual(100);
    expect(Math.abs(rotation)).toBeLessThanOrEqual(45);
    await page.clock.runFor(1990);
    await expect(shrug).toHaveCount(1);
    await page.clock.runFor(20);
    await expect(shrug).toHaveCount(0);
  });

  test("Enter shrugs at the focus point, and the DOM stays bounded however fast", async ({ page }) => {
    await installPausedClock(page);
    await open(page, "/shrugs");
    const zone = page.getByRole("button", { name: /Shrug zone/ });
    await zone.focus();
    await page.keyboard.press("Enter");
    await expect(page.locator("[data-shrug]")).toHaveCount(1);
    const box = await zone.evaluate((el) => ({ w: el.clientWidth, h: el.clientHeight }));
    expect(await page.locator("[data-shrug]").getAttribute("style")).toContain(
      `translate(${box.w / 2}px, ${box.h / 2}px)`,
    );
    await zone.evaluate((el) => {
      for (let i = 0; i < 500; i++) (el as HTMLButtonElement).click();
    });
    expect(await page.locator("[data-shrug]").count()).toBeLessThanOrEqual(60);
    await page.clock.runFor(2100);
    await expect(page.locator("[data-shrug]")).toHaveCount(0);
  });
});
