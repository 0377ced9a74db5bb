import type { Page } from "@playwright/test";
import { EMOJIS, WIGGLE_EVERY_MS } from "../app/toys/emojis/logic";
import { expect, open, test } from "./fixtures";
import { installPausedClock } from "./timers";

/** Indexes of the tiles with an animation on them now. */
const wiggling = (page: Page) =>
  page.locator(".emoji-tile").evaluateAll((els) => els.flatMap((el, i) => (el.getAnimations().length > 0 ? [i] : [])));

test.describe("Emoji Wall", () => {
  test("200 emojis drawn from 16, as a list, wiggling", async ({ page }) => {
    // A paused fake clock: each wiggle tick comes when the test moves time on, however slow the machine.
    await installPausedClock(page);
    await open(page, "/emojis");
    const tiles = page.getByRole("list", { name: "Emoji wall" }).getByRole("listitem");
    await expect(tiles).toHaveCount(200);
    const chars = new Set(await tiles.allInnerTexts());
    for (const c of chars) expect(EMOJIS.map((e) => e.char)).toContain(c);
    // A batch of emojis is wiggling: a transform animation that goes out and comes back.
    await page.clock.runFor(WIGGLE_EVERY_MS);
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
    const seen = new Set<number>();
    for (let tick = 0; tick < 5; tick++) {
      await page.clock.runFor(WIGGLE_EVERY_MS);
      for (const i of await wiggling(page)) seen.add(i);
    }
    expect(seen.size).toBeGreaterThan(30);
    await page.getByRole("button", { name: "Shuffle the wall" }).click();
    await expect(tiles).toHaveCount(200);
  });

  test("with reduced motion nothing wiggles", async ({ page }) => {
    await installPausedClock(page);
    await page.emulateMedia({ reducedMotion: "reduce" });
    await open(page, "/emojis");
    await page.clock.runFor(3 * WIGGLE_EVERY_MS);
    expect(await wiggling(page)).toEqual([]);
  });
});
