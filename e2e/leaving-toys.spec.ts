import type { Page } from "@playwright/test";
import { site } from "../app/kit/lib/site";
import { expect, open, test } from "./fixtures";
import { installPausedClock, type LiveTimer, liveTimers, trackTimers } from "./timers";

/**
 * Leaving a toy releases everything it started: no interval, timeout or animation frame of a toy
 * outlives its page (the rest of the failure sweep: failure-sweep.spec.ts).
 */

/**
 * Timeouts the home page may keep pending after a visitor leaves a toy by the site title: the global
 * counter's next poll of the total, the live channel's watch for silence (it brings the total as
 * others click), and the deadline of a request while one is on its way.
 */
const HOME_TIMEOUTS = 3;

/**
 * Moves the pointer across the middle of the page's play area, a frame of fake time per step; the
 * last move gets no frame, so whatever it asked for is still pending when the page is left.
 */
async function sweepPointer(page: Page) {
  const box = await page.getByRole("main").getByRole("button").first().boundingBox();
  if (!box) throw new Error("no play area");
  for (let i = 0; i < 12; i++) {
    await page.mouse.move(box.x + 20 + i * 15, box.y + box.height / 2 + (i % 3) * 10);
    await page.clock.runFor(17);
  }
  await page.mouse.move(box.x + 10, box.y + 10);
}

/**
 * The toys that run timers, intervals or frames, each played with a little. `busy` says whether
 * the toy has something pending while played with (so the tracker is shown to see it).
 */
const timerToys: { path: string; busy: boolean; play: (page: Page) => Promise<void> }[] = [
  {
    path: "/rock",
    busy: true,
    play: async (page) => {
      await page.getByRole("button", { name: "Adopt" }).click();
      await expect(page.getByText(/^Meet /)).toBeVisible();
    },
  },
  { path: "/shrugs", busy: true, play: (page) => page.getByRole("button", { name: /Shrug zone/ }).click() },
  { path: "/sparkle", busy: true, play: sweepPointer },
  { path: "/loading", busy: true, play: (page) => page.clock.runFor(3000) },
  { path: "/hacker", busy: true, play: (page) => page.clock.runFor(3000) },
  { path: "/countdown", busy: true, play: (page) => page.clock.runFor(500) },
  {
    path: "/bubble-wrap",
    busy: false,
    play: (page) => page.getByRole("button", { name: "Bubble 1", exact: true }).click(),
  },
  {
    path: "/bubble-wrap/together",
    busy: true,
    play: async (page) => {
      await expect(page.getByText("Live: every pop pops for everyone.")).toBeVisible();
      // The grid draws its rows a few a frame, and the paused clock holds frames.
      await page.clock.runFor(500);
      await page.getByRole("button", { name: "Bubble 1", exact: true }).click();
    },
  },
  {
    path: "/polls",
    busy: true,
    play: (page) => page.getByRole("button", { name: "Yes", exact: true }).click(),
  },
  { path: "/clap", busy: false, play: sweepPointer },
  {
    path: "/pop-ups",
    busy: true,
    play: async (page) => {
      await page.getByRole("button", { name: /Click me/ }).click();
      await page.getByRole("button", { name: "Open another popup" }).click();
      await page.getByRole("button", { name: "Close alert 2" }).click(); // focus moves on the next frame
      await expect(page.getByRole("dialog")).toHaveCount(1);
    },
  },
];

const listed = (timers: LiveTimer[]) => timers.map((t) => `${t.kind} ${t.ms} ms on ${t.path} from ${t.from}`);

test.describe("leaving a toy releases everything it started", () => {
  for (const toy of timerToys) {
    test(`${toy.path}: no interval, timeout or animation frame outlives the page`, async ({ page }) => {
      // A paused fake clock: nothing pending can fire and vanish on its own before it is counted.
      await installPausedClock(page);
      await trackTimers(page);
      await open(page, toy.path);
      await toy.play(page);
      const whilePlaying = (await liveTimers(page)).filter((t) => t.from !== "");
      if (toy.busy) expect(whilePlaying.length, "the tracker sees the toy's timers").toBeGreaterThan(0);
      // Leave inside the site, as a visitor does: the toy unmounts, the shell stays.
      await page.getByRole("banner").getByRole("link", { name: site.name }).click();
      await expect(page.getByRole("heading", { name: "The Useless Button" })).toBeVisible();
      // The document's inline scripts (bootstrap, streaming reveal) are not the toy's: left out.
      const leftNow = async () => (await liveTimers(page)).filter((t) => t.from !== "");
      // React runs an unmounted page's cleanups after it paints the next one: on a busy machine,
      // a moment after the new heading shows. Whatever the toy started is gone by then, or never.
      await expect
        .poll(async () => listed((await leftNow()).filter((t) => t.path === toy.path)), {
          message: "timers started on the toy",
        })
        .toEqual([]);
      const left = await leftNow();
      expect(listed(left.filter((t) => t.kind === "interval")), "intervals").toEqual([]);
      expect(listed(left.filter((t) => t.kind === "frame")), "animation frames").toEqual([]);
      // Only what the shell and the home page keep pending may remain: nothing started on the toy.
      const timeouts = left.filter((t) => t.kind === "timeout");
      expect(listed(timeouts.filter((t) => t.path === toy.path)), "timeouts started on the toy").toEqual([]);
      expect(timeouts.length, listed(timeouts).join("\n")).toBeLessThanOrEqual(HOME_TIMEOUTS);
    });
  }
});
