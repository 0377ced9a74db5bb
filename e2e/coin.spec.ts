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
