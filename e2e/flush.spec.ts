import { expect, open, test } from "./fixtures";

const stored = (page: import("@playwright/test").Page) => page.evaluate(() => localStorage.getItem("toiletFlushes"));

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
    problems.splice(
      0,
      problems.length,
      ...problems.filter((p) => !p.includes("Audio play failed") && !p.includes("404")),
    );
  });

  test("garbage in toiletFlushes counts from 0", async ({ page }) => {
    await page.addInitScript(() => {
      if (!sessionStorage.getItem("seeded")) {
        sessionStorage.setItem("seeded", "1");
        localStorage.setItem("toiletFlushes", "a lot");
      }
    });
    await open(page, "/flush");
    await expect(page.getByText(/^Flushes:/)).toContainText("0");
    await page.getByRole("button", { name: "Flush" }).click();
    expect(await stored(page)).toBe("1");
  });
});
