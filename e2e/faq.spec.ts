import { FAQ } from "../app/pages/faq/words";
import { expect, open, test } from "./fixtures";

test.describe("FAQ", () => {
  test("'Unhelpful Answers': five cards entering 0.15 s apart", async ({ page }) => {
    await open(page, "/faq");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Unhelpful Answers");
    const cards = page.getByRole("main").getByRole("listitem");
    await expect(cards).toHaveCount(5);
    await expect(cards.getByRole("heading", { level: 2 })).toHaveText(FAQ.map((f) => f.q));
    const delays = await cards.evaluateAll((els) => els.map((el) => getComputedStyle(el).animationDelay));
    expect(delays).toEqual(["0s", "0.15s", "0.3s", "0.45s", "0.6s"]);
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
