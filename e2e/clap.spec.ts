import type { Page } from "@playwright/test";
import { CLAP_THROTTLE_MS, SILENT_CROWD } from "../app/toys/clap/logic";
import { recordSounds, removeWebAudio, soundsPlayed, withoutUserActivation } from "./audio-stub";
import { expect, open, test } from "./fixtures";
import { installPausedClock } from "./timers";

/**
 * The page's channel opens and says nothing: the page hears no crowd, so every sound it plays is
 * its own clap. The suite's server is shared, and another test's claps are a crowd this page plays
 * (a fresh clone beside load heard 7 noises for 6 claps).
 */
const withoutCrowd = (page: Page) => page.routeWebSocket(/\/api\/live/, () => {});

test.describe("Aggressive Claps", () => {
  test("before the first click or key press the browser keeps it silent, and the crowd says so", async ({ page }) => {
    await recordSounds(page);
    await withoutCrowd(page);
    await withoutUserActivation(page);
    // A paused fake clock: the throttle's 50 ms pass when the test says so, not while it waits.
    await installPausedClock(page);
    await open(page, "/clap");
    const zone = page.getByRole("button", { name: /Applause zone/ });
    const box = await zone.boundingBox();
    if (!box) throw new Error("no zone");
    for (let i = 0; i < 10; i++) await page.mouse.move(box.x + 10 + i * 20, box.y + 50);
    await expect(zone).toContainText(SILENT_CROWD);
    // Dropped, not queued: nothing bursts out on the first click.
    expect(await soundsPlayed(page)).toEqual([]);
    await page.getByRole("heading", { level: 1 }).click();
    await expect(zone).not.toContainText(SILENT_CROWD);
    await page.clock.runFor(CLAP_THROTTLE_MS);
    await page.mouse.move(box.x + 30, box.y + 80);
    await expect.poll(async () => (await soundsPlayed(page)).length).toBe(1);
  });

  test("claps on pointer movement, at most one every 50 ms", async ({ page }) => {
    await recordSounds(page);
    await withoutCrowd(page);
    await installPausedClock(page);
    await open(page, "/clap");
    const zone = page.getByRole("button", { name: /Applause zone/ });
    const claps = zone.getByText(/^\d+$/);
    const box = await zone.boundingBox();
    if (!box) throw new Error("no zone");
    // 40 moves, one every 5 ms: claps at 0, 50, 100 and 150 ms.
    for (let i = 0; i < 40; i++) {
      await page.mouse.move(box.x + 10 + i * 4, box.y + 50);
      await page.clock.runFor(5);
    }
    await expect(claps).toHaveText("4");
    await expect.poll(async () => (await soundsPlayed(page)).filter((s) => s.kind === "noise").length).toBe(4);
    // To the millisecond: a clap (past the throttle), none 49 ms later, the next at 50 ms.
    await page.clock.runFor(100);
    await page.mouse.move(box.x + 10, box.y + 80);
    await expect(claps).toHaveText("5");
    await page.clock.runFor(49);
    await page.mouse.move(box.x + 20, box.y + 80);
    await expect(claps).toHaveText("5");
    await page.clock.runFor(1);
    await page.mouse.move(box.x + 30, box.y + 80);
    await expect(claps).toHaveText("6");
    await expect.poll(async () => (await soundsPlayed(page)).filter((s) => s.kind === "noise").length).toBe(6);
  });

  test("Enter and Space clap too; muted, it is silent but still counts", async ({ page }) => {
    await recordSounds(page);
    await withoutCrowd(page);
    await installPausedClock(page);
    await open(page, "/clap");
    const zone = page.getByRole("button", { name: /Applause zone/ });
    await zone.focus();
    await page.keyboard.press("Enter");
    await page.clock.runFor(CLAP_THROTTLE_MS);
    await page.keyboard.press("Space");
    // The sound engine is fetched on the first key press: both claps play once it is there.
    await expect.poll(async () => (await soundsPlayed(page)).length).toBe(2);
    await page.getByRole("button", { name: "Mute sound" }).click();
    await zone.focus();
    await page.clock.runFor(CLAP_THROTTLE_MS);
    await page.keyboard.press("Enter");
    expect(await soundsPlayed(page)).toHaveLength(2);
    await expect(zone).toContainText("3");
  });

  test("works without Web Audio", async ({ page }) => {
    await removeWebAudio(page);
    await open(page, "/clap");
    const zone = page.getByRole("button", { name: /Applause zone/ });
    // The keyboard gives exactly one clap (a mouse click also moves the pointer, which claps too).
    await zone.focus();
    await page.keyboard.press("Enter");
    await expect(zone.getByText("1", { exact: true })).toBeVisible();
  });
});
