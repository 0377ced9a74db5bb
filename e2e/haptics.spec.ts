import { expect, open, test } from "./fixtures";
import { stubVibration, vibrations } from "./share-stubs";
import { installPausedClock } from "./timers";

test.describe("haptics: a short buzz on a phone", () => {
  test("a popped bubble buzzes, and stops buzzing once the sound is muted", async ({ page }) => {
    await stubVibration(page);
    await open(page, "/bubble-wrap");
    await page.getByRole("button", { name: "Bubble 1", exact: true }).click();
    await expect.poll(() => vibrations(page)).toEqual([15]);
    // A bubble already popped does not buzz again.
    await page.getByRole("button", { name: "Bubble 1", exact: true }).click();
    await page.getByRole("button", { name: "Mute sound" }).click();
    await page.getByRole("button", { name: "Bubble 2", exact: true }).click();
    await expect(page.getByRole("status")).toContainText("Score: 2");
    expect(await vibrations(page)).toEqual([15]);
  });

  test("nothing buzzes for a visitor who prefers reduced motion", async ({ page }) => {
    await stubVibration(page);
    await page.emulateMedia({ reducedMotion: "reduce" });
    await open(page, "/bubble-wrap");
    await page.getByRole("button", { name: "Bubble 1", exact: true }).click();
    await expect(page.getByRole("status")).toContainText("Score: 1");
    expect(await vibrations(page)).toEqual([]);
  });

  test("a flush buzzes longer, a clap briefly, and the wheel when it stops", async ({ page }) => {
    await stubVibration(page);
    await installPausedClock(page);
    await open(page, "/flush");
    await page.getByRole("button", { name: "Flush" }).click();
    await expect.poll(() => vibrations(page)).toEqual([40]);

    await open(page, "/clap");
    await page.getByRole("button", { name: /Applause zone/ }).press("Enter");
    await expect.poll(() => vibrations(page)).toEqual([15]);

    await open(page, "/wheel");
    await page.getByRole("button", { name: "Spin the Wheel" }).click();
    await page.clock.runFor(3900);
    expect(await vibrations(page)).toEqual([]);
    await page.clock.runFor(200);
    await expect.poll(() => vibrations(page)).toEqual([15]);
  });

  test("a browser without vibration plays on, silently", async ({ page }) => {
    await page.addInitScript(() =>
      Object.defineProperty(navigator, "vibrate", { configurable: true, value: undefined }),
    );
    await open(page, "/bubble-wrap");
    await page.getByRole("button", { name: "Bubble 1", exact: true }).click();
    await expect(page.getByRole("status")).toContainText("Score: 1");
  });
});
