import type { Page } from "@playwright/test";
import { expect, expectProblems, httpErrorLine, open, test } from "./fixtures";
import { blockStorage, fillStorage, seedStorage } from "./storage-stubs";
import { navigateWithMenu } from "./timers";

const stored = (page: Page) => page.evaluate(() => localStorage.getItem("toiletFlushes"));
const count = (page: Page) => page.getByText(/^Flushes:/).locator("strong");

interface AudioLog {
  plays: number;
  audios: (HTMLMediaElement & { __playing?: boolean })[];
}

/** Media that "plays" without speakers: counts play() calls and keeps every element it was asked to play. */
async function recordPlays(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const log: AudioLog = { plays: 0, audios: [] };
    (window as unknown as { __audio: AudioLog }).__audio = log;
    const pause = HTMLMediaElement.prototype.pause;
    HTMLMediaElement.prototype.play = function play(this: HTMLMediaElement & { __playing?: boolean }) {
      log.plays++;
      log.audios.push(this);
      this.__playing = true;
      return Promise.resolve();
    };
    HTMLMediaElement.prototype.pause = function stop(this: HTMLMediaElement & { __playing?: boolean }) {
      this.__playing = false;
      pause.call(this);
    };
  });
}

const audioLog = (page: Page) =>
  page.evaluate(() => {
    const log = (window as unknown as { __audio: AudioLog }).__audio;
    return {
      plays: log.plays,
      stillPlaying: log.audios.filter((a) => a.__playing).length,
      holdingFile: log.audios.filter((a) => a.hasAttribute("src")).length,
    };
  });

test.describe("Toilet Flush", () => {
  test("plays the project's flush sound file and counts flushes in toiletFlushes", async ({ page }) => {
    const played: string[] = [];
    await page.exposeFunction("__played", (src: string) => played.push(src));
    await page.addInitScript(() => {
      HTMLMediaElement.prototype.play = function play(this: HTMLMediaElement) {
        (window as unknown as { __played: (s: string) => void }).__played(this.src);
        return Promise.resolve();
      };
    });
    await open(page, "/flush");
    await page.getByRole("button", { name: "Flush" }).click();
    await page.getByRole("button", { name: "Flush" }).click();
    await expect(page.getByText(/^Flushes:/)).toContainText("2");
    expect(await stored(page)).toBe("2");
    await expect.poll(() => played.length).toBe(2);
    expect(played[0]).toMatch(/\/sounds\/flush\.wav$/);
    await page.reload();
    await expect(page.getByText(/^Flushes:/)).toContainText("2");
  });

  test("the sound file is served", async ({ request }) => {
    const response = await request.get("/sounds/flush.wav");
    expect(response.status()).toBe(200);
    expect((await response.body()).subarray(0, 4).toString()).toBe("RIFF");
  });

  test("a sound that fails logs 'Audio play failed', shows nothing, and the flush still counts", async ({
    page,
    problems,
  }) => {
    await page.route("**/sounds/flush.wav", (route) => route.fulfill({ status: 404, body: "" }));
    await open(page, "/flush");
    await page.getByRole("button", { name: "Flush" }).click();
    await expect(page.getByText(/^Flushes:/)).toContainText("1");
    expect(await stored(page)).toBe("1");
    await expect.poll(() => problems.some((p) => p.includes("Audio play failed"))).toBe(true);
    await expect(page.getByText(/Audio play failed/)).toHaveCount(0);
    // The browser's line for the missing file, and the page's own (the one console error it writes).
    await expectProblems(problems, [
      httpErrorLine("/sounds/flush.wav"),
      "console.error: Audio play failed NotSupportedError: Failed to load because no supported source was found.",
    ]);
  });

  test("garbage in toiletFlushes counts from 0", async ({ page }) => {
    await seedStorage(page, { toiletFlushes: "a lot" });
    await open(page, "/flush");
    await expect(page.getByText(/^Flushes:/)).toContainText("0");
    await page.getByRole("button", { name: "Flush" }).click();
    expect(await stored(page)).toBe("1");
  });

  test("muted: the sound is never played, and the flush still counts", async ({ page }) => {
    await recordPlays(page);
    await open(page, "/flush");
    await page.getByRole("button", { name: "Mute sound" }).click();
    await expect(page.getByRole("button", { name: "Unmute sound" })).toBeVisible();
    await page.getByRole("button", { name: "Flush" }).click();
    await page.getByRole("button", { name: "Flush" }).click();
    await expect(count(page)).toHaveText("2");
    expect(await stored(page)).toBe("2");
    expect((await audioLog(page)).plays).toBe(0);
    // Unmuted again, the next flush is heard: the muted silence above was the mute, not a broken stub.
    await page.getByRole("button", { name: "Unmute sound" }).click();
    await page.getByRole("button", { name: "Flush" }).click();
    await expect(count(page)).toHaveText("3");
    expect((await audioLog(page)).plays).toBe(1);
  });

  test("flushes with the keyboard alone", async ({ page }) => {
    await recordPlays(page);
    await open(page, "/flush");
    const button = page.getByRole("button", { name: "Flush" });
    for (let i = 0; i < 20 && !(await button.evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press("Tab");
    }
    await expect(button).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(count(page)).toHaveText("1");
    await page.keyboard.press("Space");
    await expect(count(page)).toHaveText("2");
    expect(await stored(page)).toBe("2");
    expect((await audioLog(page)).plays).toBe(2);
  });

  test("storage that throws on every call: flushes still count on the page", async ({ page }) => {
    await recordPlays(page);
    await blockStorage(page);
    await open(page, "/flush");
    await expect(count(page)).toHaveText("0");
    await page.getByRole("button", { name: "Flush" }).click();
    await page.getByRole("button", { name: "Flush" }).click();
    await expect(count(page)).toHaveText("2");
  });

  test("storage that is full: flushes still count on the page, from the stored value on", async ({ page }) => {
    await recordPlays(page);
    await page.addInitScript(() => localStorage.setItem("toiletFlushes", "4"));
    await fillStorage(page);
    await open(page, "/flush");
    await expect(count(page)).toHaveText("4");
    await page.getByRole("button", { name: "Flush" }).click();
    await page.getByRole("button", { name: "Flush" }).click();
    await expect(count(page)).toHaveText("6");
    expect(await stored(page)).toBe("4");
  });

  test("leaving the page stops the sound and lets go of its file", async ({ page }) => {
    await recordPlays(page);
    await open(page, "/flush");
    await page.getByRole("button", { name: "Flush" }).click();
    await page.getByRole("button", { name: "Flush" }).click();
    await expect.poll(async () => (await audioLog(page)).stillPlaying).toBe(2);
    await navigateWithMenu(page, "Endless Hi");
    await expect(page.getByRole("heading", { name: "Endless Hi", level: 1 })).toBeVisible();
    expect(await audioLog(page)).toEqual({ plays: 2, stillPlaying: 0, holdingFile: 0 });
  });
});
