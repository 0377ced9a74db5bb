import { TRIVIA } from "../app/toys/trivia/words";
import { axeViolations, expect, open, test } from "./fixtures";
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

  test("playable with only a keyboard: Enter or Space answers, focus moves to the next question", async ({ page }) => {
    await installPausedClock(page);
    await open(page, "/trivia");
    const heading = page.getByRole("heading", { level: 2 });
    await expect(heading).not.toHaveText("Shuffling the questions…");
    const answers = page.getByRole("main").getByRole("listitem").getByRole("button");
    for (let i = 0; i < 30 && !(await answers.first().evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press("Tab");
    }
    await expect(answers.first()).toBeFocused();
    const toast = page.locator(".toast");
    const rounds = [
      { answer: 2, key: "Enter", title: "Correct!", variant: "default" },
      { answer: 0, key: "Space", title: "Wrong!", variant: "destructive" },
      { answer: 3, key: "Enter", title: "Wrong!", variant: "destructive" },
    ];
    for (const [round, { answer, key, title, variant }] of rounds.entries()) {
      // From A on the first round; afterwards focus sits on the question, and Tab reaches A first.
      for (let t = round === 0 ? 0 : -1; t < answer; t++) await page.keyboard.press("Tab");
      await expect(answers.nth(answer)).toBeFocused();
      const question = await heading.innerText();
      await page.keyboard.press(key);
      await expect(toast).toContainText(title);
      await expect(toast).toHaveAttribute("data-variant", variant);
      await expect(page.getByText(`Question ${round + 2} of 10`)).toBeVisible();
      await expect(heading).not.toHaveText(question);
      await expect(heading).toBeFocused();
      await page.clock.runFor(2100);
      await expect(toast).toBeHidden();
    }
  });

  test("the 'Correct!' and the destructive 'Wrong!' toasts pass axe", async ({ page }) => {
    await open(page, "/trivia");
    await expect(page.getByRole("heading", { level: 2 })).not.toHaveText("Shuffling the questions…");
    const answers = page.getByRole("main").getByRole("listitem").getByRole("button");
    const toast = page.locator(".toast");
    // The toast's view arrives with the first press (kit/ui/toast/toast-loader.ts): here before the
    // first answer, so each toast is on screen, F8 and all, within the same moment as its click.
    const view = page.waitForResponse(/\/assets\/toast-view-[\w-]+\.js$/);
    await page.keyboard.press("Shift");
    await view;
    for (const [answer, title, variant] of [
      [2, "Correct!", "default"],
      [0, "Wrong!", "destructive"],
    ] as const) {
      await answers.nth(answer).click();
      // Focus in the notifications (F8, as a keyboard user gets there) holds the toast open while
      // axe runs (longer than its 2 s). Soon: on a slow machine, waiting for the toast to settle
      // before a hover could outlast it. But after the page has moved focus to the next question,
      // which on a busy machine came after an F8 pressed at once, and let the toast go mid-run.
      await expect(page.getByRole("heading", { level: 2 })).toBeFocused();
      await page.keyboard.press("F8");
      await expect(toast).toContainText(title);
      await expect(toast).toHaveAttribute("data-variant", variant);
      // Once it has slid in.
      await toast.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
      expect(await axeViolations(page)).toEqual([]);
      await expect(toast).toContainText(title);
      await toast.getByRole("button", { name: "Dismiss notification" }).click();
      await expect(toast).toBeHidden();
    }
  });

  test("the order is shuffled", async ({ page }) => {
    // The first question of eleven visits: all alike one run in 10^10 (of six, one in 10^5).
    const firsts = new Set<string>();
    for (let i = 0; i < 11; i++) {
      await open(page, "/trivia");
      const heading = page.getByRole("heading", { level: 2 });
      await expect(heading).not.toHaveText("Shuffling the questions…");
      firsts.add(await heading.innerText());
    }
    expect(firsts.size).toBeGreaterThan(1);
  });
});
