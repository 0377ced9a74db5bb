import { FAQ, FAQ_STAGGER_S } from "../app/pages/faq/words";
import { expectStaggeredEntrance } from "./entrance";
import { expect, open, test } from "./fixtures";

test.describe("FAQ", () => {
  test("'Unhelpful Answers': five cards entering 0.15 s apart", async ({ page }) => {
    await open(page, "/faq");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Unhelpful Answers");
    const cards = page.getByRole("main").getByRole("listitem");
    await expect(cards).toHaveCount(5);
    await expect(cards.getByRole("heading", { level: 2 })).toHaveText(FAQ.map((f) => f.q));
    // Each card starts to appear 0.15 s after the one before, and has arrived 0.4 s later.
    expect(FAQ_STAGGER_S).toBe(0.15);
    await expectStaggeredEntrance(cards, FAQ_STAGGER_S, 0.4);
  });

  test("with reduced motion the cards are simply there", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await open(page, "/faq");
    const names = await page
      .getByRole("main")
      .getByRole("listitem")
      .evaluateAll((els) => els.map((el) => getComputedStyle(el).animationName));
    expect(new Set(names)).toEqual(new Set(["none"]));
  });
});
