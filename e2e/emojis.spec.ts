import { EMOJIS } from "../app/toys/emojis/logic";
import { expect, open, test } from "./fixtures";

test.describe("Emoji Wall", () => {
  test("200 animated emojis drawn from 16, as a list", async ({ page }) => {
    await open(page, "/emojis");
    const tiles = page.getByRole("list", { name: "Emoji wall" }).getByRole("listitem");
    await expect(tiles).toHaveCount(200);
    const chars = new Set(await tiles.allInnerTexts());
    for (const c of chars) expect(EMOJIS.map((e) => e.char)).toContain(c);
    expect(await tiles.first().evaluate((el) => getComputedStyle(el).animationIterationCount)).toBe("infinite");
    await page.getByRole("button", { name: "Shuffle the wall" }).click();
    await expect(tiles).toHaveCount(200);
  });

  test("with reduced motion nothing moves forever", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await open(page, "/emojis");
    const names = await page
      .getByRole("list", { name: "Emoji wall" })
      .getByRole("listitem")
      .evaluateAll((els) => [...new Set(els.map((el) => getComputedStyle(el).animationName))]);
    expect(names).toEqual(["none"]);
  });
});
