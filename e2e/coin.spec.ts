import { expect, open, test } from "./fixtures";
import { installPausedClock } from "./timers";

test("Coin Flip: flips for 2 s, then always 'Side'", async ({ page }) => {
  await installPausedClock(page);
  await open(page, "/coin");
  for (let i = 0; i < 3; i++) {
    await page.getByRole("button", { name: /Flip/ }).click();
    await expect(page.getByRole("status")).toHaveText("Flipping…");
    await expect(page.getByRole("button", { name: /Flip/ })).toBeDisabled();
    await page.clock.runFor(1990);
    await expect(page.getByRole("status")).toHaveText("Flipping…");
    await page.clock.runFor(20);
    await expect(page.getByRole("status")).toContainText("Side");
  }
});

test("Coin Flip with only a keyboard: focus returns to the button after each flip", async ({ page }) => {
  await installPausedClock(page);
  await open(page, "/coin");
  const button = page.getByRole("button", { name: /Flip/ });
  await button.focus();
  for (const key of ["Enter", "Space", "Enter"]) {
    await page.keyboard.press(key);
    await expect(page.getByRole("status")).toHaveText("Flipping…");
    await expect(button).toBeDisabled();
    await page.clock.runFor(2000);
    await expect(page.getByRole("status")).toContainText("Side");
    await expect(button).toHaveText("Flip Again");
    await expect(button).toBeFocused();
  }
});
