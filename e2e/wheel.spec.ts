import { expect, open, test } from "./fixtures";
import { installPausedClock } from "./timers";

for (const reducedMotion of ["no-preference", "reduce"] as const) {
  test(`Wheel of Misfortune (${reducedMotion} motion): 8 'You Lose' segments, a 4 s spin, always losing`, async ({
    page,
  }) => {
    await page.emulateMedia({ reducedMotion });
    await installPausedClock(page);
    await open(page, "/wheel");
    const wheel = page.getByRole("img", { name: /wheel with 8 segments/ });
    await expect(wheel.locator("text")).toHaveText(Array(8).fill("You Lose"));
    const spin = page.getByRole("button", { name: "Spin the Wheel" });
    await spin.click();
    const spinning = page.getByRole("button", { name: "Spinning..." });
    await expect(spinning).toBeDisabled();
    await page.clock.runFor(3900);
    await expect(spinning).toBeDisabled();
    await page.clock.runFor(200);
    await expect(page.getByRole("button", { name: "Spin the Wheel" })).toBeEnabled();
    await expect(page.getByRole("status")).toHaveText("You Lose!");
    const turned = await wheel.evaluate((el) => (el as SVGElement).style.transform);
    expect(Number(/rotate\((\d+)deg\)/.exec(turned)?.[1])).toBeGreaterThanOrEqual(1800);
  });
}

test("Wheel of Misfortune with only a keyboard: focus returns to the button after each spin", async ({ page }) => {
  await installPausedClock(page);
  await open(page, "/wheel");
  const button = page.getByRole("button", { name: /^Spin/ });
  await button.focus();
  for (const key of ["Enter", "Space", "Enter"]) {
    await page.keyboard.press(key);
    await expect(button).toHaveText("Spinning...");
    await expect(button).toBeDisabled();
    await page.clock.runFor(4000);
    await expect(page.getByRole("status")).toHaveText("You Lose!");
    await expect(button).toHaveText("Spin the Wheel");
    await expect(button).toBeFocused();
  }
});
