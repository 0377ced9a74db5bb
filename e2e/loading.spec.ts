import { ALMOST, MESSAGES, NAH } from "../app/toys/loading/logic";
import { expect, open, test } from "./fixtures";
import { installPausedClock } from "./timers";

test.describe("Endless Loading", () => {
  test("every 3 s, a random one of 9 messages (70%)", async ({ page }) => {
    await installPausedClock(page);
    await open(page, "/loading");
    const status = page.getByRole("status");
    const seen = new Set<string>();
    // Two kinds or fewer in 24 draws: about one run in 10^9 (in 12, one in 14,000).
    for (let i = 0; i < 24; i++) {
      await page.clock.runFor(3000);
      const text = await status.innerText();
      seen.add(text.split("\n")[0] ?? "");
    }
    for (const s of seen) expect([...MESSAGES, ALMOST, NAH]).toContain(s);
    expect(seen.size).toBeGreaterThan(2);
  });

  test("a tease shows 'Almost there...', then 'Nah.' for 2 s", async ({ page }) => {
    await page.addInitScript(() => {
      Math.random = () => 0.1; // below 30%: every tick is a tease
    });
    await installPausedClock(page);
    await open(page, "/loading");
    const status = page.getByRole("status");
    await page.clock.runFor(3000);
    await expect(status).toHaveText(ALMOST);
    await page.clock.runFor(999);
    await expect(status).toHaveText(ALMOST);
    await page.clock.runFor(2);
    await expect(status).toContainText(NAH);
    await page.clock.runFor(1990);
    await expect(status).toContainText(NAH);
    await page.clock.runFor(20);
    await expect(status).not.toContainText(NAH);
  });

  test("reduced motion: nothing loops forever, and the status still changes every 3 s", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    // The next tick's rolls of the dice, set by the test before each tick.
    await page.addInitScript(() => {
      const rolls: number[] = [];
      (window as unknown as { __rolls: number[] }).__rolls = rolls;
      Math.random = () => rolls.shift() ?? 0.99;
    });
    await installPausedClock(page);
    await open(page, "/loading");
    const endless = () =>
      page.evaluate(() =>
        document
          .getAnimations()
          .filter((a) => a.playState === "running" && a.effect?.getTiming().iterations === Infinity)
          .map((a) => ((a.effect as KeyframeEffect | null)?.target as HTMLElement | null)?.className ?? "?"),
      );
    expect(await endless()).toEqual([]);
    const status = page.getByRole("status");
    await expect(status).toHaveText(MESSAGES[0]);
    // A tease, then message 5 of 9, then a tease again: every tick shows something new.
    for (const [rolls, expected] of [
      [[0.1], ALMOST],
      [[0.95, 0.5], MESSAGES[4]],
      [[0.1], ALMOST],
    ] as const) {
      await page.evaluate((next) => (window as unknown as { __rolls: number[] }).__rolls.push(...next), rolls);
      await page.clock.runFor(3000);
      await expect(status).toHaveText(expected);
    }
    expect(await endless()).toEqual([]);
  });
});
