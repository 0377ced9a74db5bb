import type { Page } from "@playwright/test";
import { WIGGLE_EVERY_MS } from "../app/toys/emojis/logic";
import { PALETTE } from "../contracts/wall";
import { expect, open, test } from "./fixtures";
import { installPausedClock } from "./timers";

/**
 * Records every wiggle a tile starts (its index on the wall and its keyframes), as
 * `window.__wiggles`. A wiggle lasts 0.6 s of real time (the fake clock does not hold animations),
 * so on a slow machine one may be over before the test looks: the record keeps it.
 */
async function recordWiggles(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const wiggles: { tile: number; frames: string }[] = [];
    (window as unknown as { __wiggles: typeof wiggles }).__wiggles = wiggles;
    const animate = Element.prototype.animate;
    Element.prototype.animate = function (this: Element, keyframes, options) {
      if (this.classList.contains("emoji-tile")) {
        const frames = (Array.isArray(keyframes) ? keyframes : []) as Keyframe[];
        wiggles.push({
          tile: [...document.querySelectorAll(".emoji-tile")].indexOf(this),
          frames: frames.map((frame) => frame.transform ?? "none").join(" > "),
        });
      }
      return animate.call(this, keyframes, options);
    };
  });
}

/** The wiggles started since the page loaded. */
const wiggles = (page: Page) =>
  page.evaluate(() => (window as unknown as { __wiggles: { tile: number; frames: string }[] }).__wiggles);

test.describe("Emoji Wall", () => {
  test("200 emojis drawn from 16, as a list, wiggling", async ({ page }) => {
    // A paused fake clock: each wiggle tick comes when the test moves time on, however slow the machine.
    await installPausedClock(page);
    await recordWiggles(page);
    await open(page, "/emojis");
    const tiles = page.getByRole("list", { name: "Emoji wall" }).getByRole("listitem");
    await expect(tiles).toHaveCount(200);
    const chars = new Set(await tiles.allInnerTexts());
    for (const c of chars) expect(PALETTE.map((e) => e.char)).toContain(c);
    // A batch of emojis is wiggling: a transform animation that goes out and comes back.
    expect(await wiggles(page)).toEqual([]);
    await page.clock.runFor(WIGGLE_EVERY_MS);
    const first = await wiggles(page);
    expect(first.length).toBeGreaterThan(0);
    for (const { frames } of first) expect(frames).toMatch(/^none > (rotate|translateY)\(.+\) > none$/);
    // Over a few seconds, many different emojis take their turn.
    await page.clock.runFor(5 * WIGGLE_EVERY_MS);
    const seen = new Set((await wiggles(page)).map(({ tile }) => tile));
    expect(seen.has(-1)).toBe(false);
    expect(seen.size).toBeGreaterThan(30);
    await page.getByRole("button", { name: "Shuffle the wall" }).click();
    await expect(tiles).toHaveCount(200);
  });

  test("with reduced motion nothing wiggles", async ({ page }) => {
    await installPausedClock(page);
    await page.emulateMedia({ reducedMotion: "reduce" });
    await recordWiggles(page);
    await open(page, "/emojis");
    await page.clock.runFor(3 * WIGGLE_EVERY_MS);
    expect(await wiggles(page)).toEqual([]);
  });
});
