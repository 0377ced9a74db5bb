import { SUSPENSE_STEPS } from "../app/toys/age/logic";
import { expect, open, test } from "./fixtures";
import { installPausedClock } from "./timers";

test("Age Oracle: builds suspense one step a second, always answers 42, and 'Try Again' resets", async ({ page }) => {
  await installPausedClock(page);
  await open(page, "/age");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Age Oracle");
  for (let round = 0; round < 2; round++) {
    await page.getByRole("button", { name: "Guess My Age" }).click();
    await expect(page.getByRole("status")).toHaveText(SUSPENSE_STEPS[0]);
    await expect(page.getByRole("button", { name: "Guess My Age" })).toBeDisabled();
    // One step a second, to the millisecond, then the answer a second after the last step.
    for (const next of [...SUSPENSE_STEPS.slice(1), "The oracle has spoken. You are…42"]) {
      const shown = await page.getByRole("status").textContent();
      await page.clock.runFor(999);
      await expect(page.getByRole("status")).toHaveText(shown ?? "");
      await page.clock.runFor(1);
      await expect(page.getByRole("status")).toHaveText(next);
    }
    // Keyboard users land on the next action.
    await expect(page.getByRole("button", { name: "Try Again" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status")).toHaveText("");
    await expect(page.getByRole("button", { name: "Guess My Age" })).toBeEnabled();
  }
});
