import { TRIVIA } from "../app/toys/trivia/words";
import { expect, open, test } from "./fixtures";
import { installPausedClock } from "./timers";

test.describe("Trivia Time", () => {
  test("10 questions in shuffled order, A to D; C is right, anything else is wrong, toasts for 2 s", async ({
    page,
  }) => {
    await installPausedClock(page);
    await open(page, "/trivia");
    const asked: string[] = [];
    const toast = page.locator(".toast");
    for (let i = 0; i < TRIVIA.length; i++) {
      const heading = page.getByRole("heading", { level: 2 });
      await expect(page.getByText(`Question ${i + 1} of 10`)).toBeVisible();
      await expect(heading).not.toHaveText("Shuffling the questions…");
      asked.push(await heading.innerText());
      const answers = page.getByRole("main").getByRole("listitem").getByRole("button");
      await expect(answers).toHaveCount(4);
      expect((await answers.allInnerTexts()).map((t) => t.trim()[0])).toEqual(["A", "B", "C", "D"]);
      const pick = i % 2 === 0 ? 2 : i % 4;
      await answers.nth(pick).click();
      if (pick === 2) {
        await expect(toast).toContainText("Correct!");
        await expect(toast).toContainText("Wow, you're a genius!");
        await expect(toast).toHaveAttribute("data-variant", "default");
      } else {
        await expect(toast).toContainText("Wrong!");
        await expect(toast).toContainText("The correct answer was C. Obviously.");
        await expect(toast).toHaveAttribute("data-variant", "destructive");
      }
      await page.clock.runFor(1900);
      await expect(toast).toBeVisible();
      await page.clock.runFor(200);
      await expect(toast).toBeHidden();
    }
    expect([...asked].sort()).toEqual(TRIVIA.map((t) => t.q).sort());
    await expect(page.getByText("You scored 5 out of 10.")).toBeVisible();
  });

  test("the order is shuffled", async ({ page }) => {
    const firsts = new Set<string>();
    for (let i = 0; i < 6; i++) {
      await open(page, "/trivia");
      const heading = page.getByRole("heading", { level: 2 });
      await expect(heading).not.toHaveText("Shuffling the questions…");
      firsts.add(await heading.innerText());
    }
    expect(firsts.size).toBeGreaterThan(1);
  });
});
