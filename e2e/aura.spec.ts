import { SIGNS } from "../app/toys/aura/words";
import { expect, open, test } from "./fixtures";

test.describe("Cringe Auras", () => {
  test("without a sign, the cosmos refuses", async ({ page }) => {
    await open(page, "/aura");
    await page.getByRole("button", { name: "Read My Aura" }).click();
    await expect(
      page.getByText("You gotta pick a sign first, my dude. The cosmos can't read your mind... yet.", { exact: true }),
    ).toBeVisible();
  });

  test("offers the 12 signs and reads one of the chosen sign's 3 readings", async ({ page }) => {
    await open(page, "/aura");
    const select = page.getByLabel("Your zodiac sign");
    await expect(select.locator("option")).toHaveCount(13);
    await select.selectOption("Scorpio");
    const readings = SIGNS.find((s) => s.name === "Scorpio")?.readings ?? [];
    for (let i = 0; i < 4; i++) {
      await page.getByRole("button", { name: "Read My Aura" }).click();
      const text = await page.locator("[aria-live=polite]").innerText();
      expect(readings.some((r) => text.includes(r))).toBe(true);
    }
  });

  test("works with the keyboard alone", async ({ page }) => {
    await open(page, "/aura");
    await page.getByLabel("Your zodiac sign").focus();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    const readings = SIGNS[0]?.readings ?? [];
    const text = await page.locator("[aria-live=polite]").innerText();
    expect(readings.some((r) => text.includes(r))).toBe(true);
  });
});
