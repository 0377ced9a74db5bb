import { EMOJIS } from "../app/toys/emojis/logic";
import { expect, open, test } from "./fixtures";

test.describe("Emoji Wall", () => {
  test("200 emojis drawn from 16, as a list, wiggling", async ({ page }) => {
    await open(page, "/emojis");
    const tiles = page.getByRole("list", { name: "Emoji wall" }).getByRole("listitem");
    await expect(tiles).toHaveCount(200);
    const chars = new Set(await tiles.allInnerTexts());
    for (const c of chars) expect(EMOJIS.map((e) => e.char)).toContain(c);
    // A batch of emojis is wiggling: a transform animation that goes out and comes back.
    await expect
      .poll(() =>
        page.locator(".emoji-tile").evaluateAll((els) =>
          els.flatMap((el) =>
            el.getAnimations().map((a) => {
              const frames = (a.effect as KeyframeEffect).getKeyframes();
              return `${frames[0]?.transform} > ${frames[1]?.transform} > ${frames[2]?.transform}`;
            }),
          ),
        ),
      )
      .toEqual(expect.arrayContaining([expect.stringMatching(/^none > (rotate|translateY)\(.+\) > none$/)]));
    // Over a few seconds, many different emojis take their turn.
    const seen = await page.evaluate(async () => {
      const tiles = [...document.querySelectorAll(".emoji-tile")];
      const wiggled = new Set<number>();
      for (let t = 0; t < 20; t++) {
        for (const [i, el] of tiles.entries()) if (el.getAnimations().length > 0) wiggled.add(i);
        await new Promise((r) => setTimeout(r, 100));
      }
      return wiggled.size;
    });
    expect(seen).toBeGreaterThan(30);
    await page.getByRole("button", { name: "Shuffle the wall" }).click();
    await expect(tiles).toHaveCount(200);
  });

  test("with reduced motion nothing wiggles", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await open(page, "/emojis");
    await page.waitForTimeout(1500);
    const moving = await page
      .locator(".emoji-tile")
      .evaluateAll((els) => els.filter((el) => el.getAnimations().length > 0).length);
    expect(moving).toBe(0);
  });
});
