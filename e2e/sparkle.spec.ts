import { expect, open, test } from "./fixtures";
import { installPausedClock } from "./timers";

test.describe("Sparkle Trail", () => {
  test("pointer movement leaves sparkles that last 1 s, some of them LOL", async ({ page }) => {
    await installPausedClock(page);
    await open(page, "/sparkle");
    const zone = page.getByRole("button", { name: /Sparkle zone/ });
    const box = await zone.boundingBox();
    if (!box) throw new Error("no sparkle zone");
    for (let i = 0; i < 40; i++) {
      await page.mouse.move(box.x + 20 + i * 5, box.y + 100 + (i % 7) * 10);
      await page.clock.runFor(17);
    }
    const sparkles = page.locator("[data-sparkle]");
    expect(await sparkles.count()).toBeGreaterThan(10);
    await page.clock.runFor(1100);
    await expect(sparkles).toHaveCount(0);
  });

  test("about one sparkle in ten says LOL", async ({ page }) => {
    await open(page, "/sparkle");
    const zone = page.getByRole("button", { name: /Sparkle zone/ });
    await zone.evaluate((el) => {
      for (let i = 0; i < 400; i++) (el as HTMLButtonElement).click();
    });
    const kinds = await page
      .locator("[data-sparkle]")
      .evaluateAll((els) => els.map((e) => e.getAttribute("data-sparkle")));
    expect(kinds.length).toBeLessThanOrEqual(80);
    expect(kinds).toContain("star");
    await expect(page.locator("[data-sparkle=lol]").first()).toHaveText("LOL");
  });

  test("arrow keys move a sparkle cursor", async ({ page }) => {
    await open(page, "/sparkle");
    await page.getByRole("button", { name: /Sparkle zone/ }).focus();
    for (const key of ["ArrowRight", "ArrowRight", "ArrowDown"]) await page.keyboard.press(key);
    expect(await page.locator("[data-sparkle]").count()).toBe(3);
  });
});
