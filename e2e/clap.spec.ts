import { recordSounds, removeWebAudio, soundsPlayed } from "./audio-stub";
import { expect, open, test } from "./fixtures";
import { installPausedClock } from "./timers";

test.describe("Aggressive Claps", () => {
  test("claps on pointer movement, at most one every 50 ms", async ({ page }) => {
    await recordSounds(page);
    await installPausedClock(page);
    await open(page, "/clap");
    const zone = page.getByRole("button", { name: /Applause zone/ });
    const box = await zone.boundingBox();
    if (!box) throw new Error("no zone");
    // 40 moves over 200 ms: at most 200 / 50 + 1 claps.
    for (let i = 0; i < 40; i++) {
      await page.mouse.move(box.x + 10 + i * 4, box.y + 50);
      await page.clock.runFor(5);
    }
    const claps = (await soundsPlayed(page)).filter((s) => s.kind === "noise").length;
    expect(claps).toBeGreaterThanOrEqual(4);
    expect(claps).toBeLessThanOrEqual(5);
    await expect(zone).toContainText(String(claps));
  });

  test("Enter and Space clap too; muted, it is silent but still counts", async ({ page }) => {
    await recordSounds(page);
    await open(page, "/clap");
    const zone = page.getByRole("button", { name: /Applause zone/ });
    await zone.focus();
    await page.keyboard.press("Enter");
    await page.waitForTimeout(60);
    await page.keyboard.press("Space");
    expect(await soundsPlayed(page)).toHaveLength(2);
    await page.getByRole("button", { name: "Mute sound" }).click();
    await zone.focus();
    await page.waitForTimeout(60);
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
