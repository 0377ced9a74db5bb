import { THANKS_MS } from "../app/toys/polls/logic";
import { POLLS } from "../app/toys/polls/words";
import { expect, open, test } from "./fixtures";
import { installPausedClock, pauseClock } from "./timers";

test.describe("Pointless Polls", () => {
  test("a vote shows 'Thanks for voting!' for 1.5 s, then the next question, cycling", async ({ page }) => {
    await page.clock.install();
    await open(page, "/polls");
    await pauseClock(page);
    const question = page.locator("#poll-question");
    for (let round = 0; round <= POLLS.length; round++) {
      const poll = POLLS[round % POLLS.length];
      await expect(question).toHaveText(poll?.q ?? "");
      await expect(page.getByRole("main").getByRole("listitem")).toHaveText(poll?.a ?? []);
      await page.getByRole("button", { name: poll?.a[round % 3] }).click();
      await expect(page.getByText("Thanks for voting!")).toBeVisible();
      await page.clock.runFor(1499);
      await expect(page.getByText("Thanks for voting!")).toBeVisible();
      await page.clock.runFor(1);
      await expect(page.getByText("Thanks for voting!")).toBeHidden();
    }
    await expect(question).toHaveText(POLLS[1]?.q ?? "");
  });

  test("keyboard voters keep their place", async ({ page }) => {
    await installPausedClock(page);
    await open(page, "/polls");
    await page.getByRole("button", { name: POLLS[0]?.a[0] }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByText("Thanks for voting!")).toBeFocused();
    await page.clock.runFor(THANKS_MS);
    await expect(page.getByRole("button", { name: POLLS[1]?.a[0] })).toBeFocused();
  });
});
