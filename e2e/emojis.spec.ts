import type { Page } from "@playwright/test";
import { WIGGLE_CYCLE_MS, WIGGLE_MS } from "../app/toys/emojis/logic";
import { PALETTE } from "../contracts/wall";
import { expect, open, test } from "./fixtures";

/** Each tile's wiggle as the page runs it: its animation's name, state, delay and keyframes. */
function tileWiggles(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll(".emoji-tile")].map((tile) => {
      const [animation] = tile.getAnimations();
      if (!animation) return null;
      const timing = animation.effect?.getComputedTiming();
      return {
        name: (animation as CSSAnimation).animationName,
        running: animation.playState === "running",
        delay: Number(timing?.delay),
        duration: Number(timing?.duration),
        endless: timing?.iterations === Number.POSITIVE_INFINITY,
        frames: ((animation.effect as KeyframeEffect | null)?.getKeyframes() ?? []).map((k) => String(k.transform)),
      };
    }),
  );
}

test.describe("Emoji Wall", () => {
  test("200 emojis drawn from 16, as a list, each wiggling at a moment of its own", async ({ page }) => {
    await open(page, "/emojis");
    const tiles = page.getByRole("list", { name: "Emoji wall" }).getByRole("listitem");
    await expect(tiles).toHaveCount(200);
    const chars = new Set(await tiles.allInnerTexts());
    for (const c of chars) expect(PALETTE.map((e) => e.char)).toContain(c);

    const wiggles = await tileWiggles(page);
    expect(wiggles.filter((w) => w?.running && w.endless && w.duration === WIGGLE_CYCLE_MS)).toHaveLength(200);
    for (const wiggle of wiggles) {
      expect(wiggle?.name).toMatch(/^wiggle-(tilt|hop|spin)$/);
      // Out and back, by a transform only, and still for the rest of the cycle.
      expect(wiggle?.frames).toHaveLength(4);
      expect(wiggle?.frames.filter((f) => f === "none")).toHaveLength(3);
      expect(wiggle?.frames.join(" ")).toMatch(/(rotate|translateY)\(/);
    }
    // About twenty emojis wiggle at any moment, a different twenty a moment later.
    const phases = wiggles.map((w) => -(w?.delay ?? 0));
    const wigglingAt = (at: number) =>
      phases.flatMap((phase, tile) => ((at + phase) % WIGGLE_CYCLE_MS < WIGGLE_MS ? [tile] : []));
    const now = wigglingAt(0);
    expect(now.length).toBeGreaterThan(5);
    expect(now.length).toBeLessThan(45);
    const later = wigglingAt(3 * WIGGLE_MS);
    expect(later.filter((tile) => now.includes(tile)).length).toBeLessThan(later.length);

    // Shuffled: another wall, wiggling all the same.
    const before = await tiles.allInnerTexts();
    await page.getByRole("button", { name: "Shuffle the wall" }).click();
    await expect.poll(async () => (await tiles.allInnerTexts()).join("")).not.toBe(before.join(""));
    await expect(tiles).toHaveCount(200);
    expect((await tileWiggles(page)).filter((w) => w?.running)).toHaveLength(200);
  });

  test("with reduced motion nothing wiggles", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await open(page, "/emojis");
    await expect(page.getByRole("list", { name: "Emoji wall" }).getByRole("listitem")).toHaveCount(200);
    expect((await tileWiggles(page)).filter(Boolean)).toEqual([]);
  });
});
