import type { Page } from "@playwright/test";
import { expect, open, test } from "./fixtures";

/**
 * What the countdown's face shows now: its text, each reel read as the label in its window (the
 * reels step by CSS, app/toys/countdown/countdown.tsx).
 */
function face(page: Page): Promise<string> {
  return page.evaluate(() => {
    const root = document.querySelector("[data-countdown-face]");
    if (!root) return "(no face)";
    const read = (node: Node): string => {
      if (node instanceof Text) return node.data;
      if (!(node instanceof Element)) return "";
      const reel = node.querySelector<HTMLElement>(":scope > [data-reel]");
      if (!reel) return [...node.childNodes].map(read).join("");
      const top = node.getBoundingClientRect().top;
      const shown = [...reel.children].filter((label) => Math.abs(label.getBoundingClientRect().top - top) < 1);
      return shown.length === 1 ? (shown[0]?.textContent ?? "") : `(${shown.length} labels in view)`;
    };
    return [...root.childNodes].map(read).join("");
  });
}

/** Holds every reel at `ms` after the countdown's start (the animations' own clock). */
function holdReelsAt(page: Page, ms: number) {
  return page.evaluate((at) => {
    const reels = document.getAnimations().filter((a) => (a as CSSAnimation).animationName === "clock-reel");
    for (const reel of reels) {
      reel.pause();
      reel.currentTime = at;
    }
    return reels.length;
  }, ms);
}

const said = (page: Page) => page.locator("p:has([data-countdown-face]) > .sr-only");

test("Countdown to Yesterday: counts towards one day earlier, refreshing every 50 ms, reel by reel", async ({
  page,
}) => {
  await open(page, "/countdown");
  await expect.poll(() => face(page)).toMatch(/^-1d 00:00:\d\d\.\d\d0$/);
  const moments: [number, string][] = [
    [0, "-1d 00:00:00.000"],
    [49, "-1d 00:00:00.000"],
    [50, "-1d 00:00:00.050"],
    [3250, "-1d 00:00:03.250"],
    [59_999, "-1d 00:00:59.950"],
    [60_000, "-1d 00:01:00.000"],
    // An hour later it is one day and one hour away.
    [3_600_000 - 1, "-1d 00:59:59.950"],
    [3_600_000, "-1d 01:00:00.000"],
    [3_600_049, "-1d 01:00:00.000"],
    [3_600_050, "-1d 01:00:00.050"],
    [23 * 3_600_000 + 3_599_999, "-1d 23:59:59.950"],
  ];
  for (const [ms, text] of moments) {
    expect(await holdReelsAt(page, ms)).toBe(6);
    expect(await face(page), `at ${ms} ms`).toBe(text);
  }
});

test("with less motion asked for, the page sets the reels every 50 ms, and says the time each second", async ({
  page,
}) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  const start = new Date("2026-11-22T12:00:05Z");
  // Installed a minute earlier: pausing can only go forward.
  await page.clock.install({ time: start.getTime() - 60_000 });
  await page.clock.pauseAt(start);
  await open(page, "/countdown");
  expect(await page.evaluate(() => document.getAnimations().length)).toBe(0);
  await expect.poll(() => face(page)).toBe("-1d 00:00:00.000");
  await page.clock.runFor(49);
  expect(await face(page)).toBe("-1d 00:00:00.000");
  await page.clock.runFor(1);
  await expect.poll(() => face(page)).toBe("-1d 00:00:00.050");
  await expect(said(page)).toHaveText("-1d 00:00:00");
  await page.clock.runFor(950);
  await expect.poll(() => face(page)).toBe("-1d 00:00:01.000");
  await expect(said(page)).toHaveText("-1d 00:00:01");
  // An hour later (fastForward jumps it, firing each timer once).
  await page.clock.fastForward(60 * 60 * 1000 - 1000);
  await expect.poll(() => face(page)).toBe("-1d 01:00:00.000");
  await expect(said(page)).toHaveText("-1d 01:00:00");
});
