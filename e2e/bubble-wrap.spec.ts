import { recordSounds, soundsPlayed } from "./audio-stub";
import { expect, open, test } from "./fixtures";

test.describe("Screaming Bubbles", () => {
  test("100 bubbles; each pops once, scores once and screams once", async ({ page }) => {
    await recordSounds(page);
    await open(page, "/bubble-wrap");
    const bubbles = page.getByRole("list", { name: "Bubble wrap" }).getByRole("button");
    await expect(bubbles).toHaveCount(100);
    await expect(page.getByRole("status")).toHaveText("Score: 0 / 100");
    await page.getByRole("button", { name: "Bubble 1", exact: true }).click();
    await page.getByRole("button", { name: "Bubble 1", exact: true }).click();
    await page.getByRole("button", { name: "Bubble 50" }).click();
    await expect(page.getByRole("status")).toHaveText("Score: 2 / 100");
    await expect(page.getByRole("button", { name: "Bubble 1", exact: true })).toHaveAttribute("aria-pressed", "true");
    // The sound engine is fetched at the first press (up to 300 ms for the audio output besides):
    // screams asked for meanwhile play once it is there, all in the same turn.
    await expect.poll(async () => (await soundsPlayed(page)).length).toBeGreaterThanOrEqual(2);
    const screams = await soundsPlayed(page);
    expect(screams).toHaveLength(2);
    for (const s of screams) expect(s.kind).toBe("osc:sawtooth");
  });

  test("muted, bubbles pop in silence; the keyboard pops them too", async ({ page }) => {
    await recordSounds(page);
    await open(page, "/bubble-wrap");
    await page.getByRole("button", { name: "Mute sound" }).click();
    await page.getByRole("button", { name: "Bubble 10", exact: true }).focus();
    await page.keyboard.press("Enter");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Space");
    await expect(page.getByRole("status")).toHaveText("Score: 2 / 100");
    expect(await soundsPlayed(page)).toHaveLength(0);
  });

  test("popping all 100 and getting more bubble wrap", async ({ page }) => {
    await open(page, "/bubble-wrap");
    await page
      .getByRole("list", { name: "Bubble wrap" })
      .getByRole("button")
      .evaluateAll((buttons) => {
        for (const b of buttons) (b as HTMLButtonElement).click();
      });
    await expect(page.getByRole("status")).toContainText("Score: 100 / 100");
    await page.getByRole("button", { name: "More bubble wrap" }).click();
    await expect(page.getByRole("status")).toHaveText("Score: 0 / 100");
  });
});
