import { ROCK_NAMES } from "../app/toys/rock/logic";
import { expect, open, test } from "./fixtures";

test.describe("Pet Rock", () => {
  test("adopt a rock with one of 8 names; it blinks for 150 ms every 2 to 7 s", async ({ page }) => {
    await page.addInitScript(() => {
      Math.random = () => 0; // the first name, and the shortest wait: 2 s
    });
    await page.clock.install();
    await open(page, "/rock");
    await page.clock.pauseAt(Date.now() + 60_000);
    await page.getByRole("button", { name: "Adopt" }).click();
    await expect(page.getByRole("status")).toHaveText(`Meet ${ROCK_NAMES[0]}!`);
    await expect(page.getByRole("status")).toBeFocused();
    const eyes = page.locator("[data-eyes]");
    await expect(eyes).toHaveAttribute("data-eyes", "open");
    await page.clock.runFor(1990);
    await expect(eyes).toHaveAttribute("data-eyes", "open");
    await page.clock.runFor(20);
    await expect(eyes).toHaveAttribute("data-eyes", "closed");
    await page.clock.runFor(130); // 2140 ms: still blinking
    await expect(eyes).toHaveAttribute("data-eyes", "closed");
    await page.clock.runFor(20); // 2160 ms: the 150 ms blink is over
    await expect(eyes).toHaveAttribute("data-eyes", "open");
    // And again, 2 s after the blink ended.
    await page.clock.runFor(2000);
    await expect(eyes).toHaveAttribute("data-eyes", "closed");
  });

  test("never blinks sooner than 2 s or later than 7 s", async ({ page }) => {
    await page.addInitScript(() => {
      Math.random = () => 0.99999; // the longest wait: 7 s
    });
    await page.clock.install();
    await open(page, "/rock");
    await page.clock.pauseAt(Date.now() + 60_000);
    await page.getByRole("button", { name: "Adopt" }).click();
    await expect(page.getByRole("status")).toHaveText(`Meet ${ROCK_NAMES[7]}!`);
    const eyes = page.locator("[data-eyes]");
    await page.clock.runFor(6990);
    await expect(eyes).toHaveAttribute("data-eyes", "open");
    await page.clock.runFor(20);
    await expect(eyes).toHaveAttribute("data-eyes", "closed");
  });
});
