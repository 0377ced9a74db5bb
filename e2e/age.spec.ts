import { SUSPENSE_STEPS } from "../app/toys/age/logic";
import { expect, open, test } from "./fixtures";
import { installPausedClock } from "./timers";

test("Age Oracle: builds suspense, always answers 42, and 'Try Again' resets", async ({ page }) => {
  await installPausedClock(page);
  await open(page, "/age");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Age Oracle");
  for (let round = 0; round < 2; round++) {
    await page.getByRole("button", { name: "Guess My Age" }).click();
    await expect(page.getByRole("status")).toHaveText(SUSPENSE_STEPS[0]);
    await expect(page.getByRole("button", { name: "Guess My Age" })).toBeDisabled();
    await page.clock.runFor(1000);
    await expect(page.getByRole("status")).toHaveText(SUSPENSE_STEPS[1]);
    await page.clock.runFor(1000 * SUSPENSE_STEPS.length);
    await expect(page.getByRole("status")).toContainText("42");
    // Keyboard users land on the next action.
    await expect(page.getByRole("button", { name: "Try Again" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status")).toHaveText("");
    await expect(page.getByRole("button", { name: "Guess My Age" })).toBeEnabled();
  }
});
