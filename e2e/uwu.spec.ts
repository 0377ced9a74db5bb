import { EMOTICONS } from "../app/toys/uwu/logic";
import { expect, open, test } from "./fixtures";

test.describe("UwU Translator", () => {
  test("translates by the rules", async ({ page }) => {
    await open(page, "/uwu");
    await page.getByLabel("Your serious text").fill("I love really nice Rain!");
    await page.getByRole("button", { name: "Translate" }).click();
    const output = page.locator("output");
    const text = await output.innerText();
    expect(text.startsWith("I wuv weawwy nyice Wain")).toBe(true);
    expect(EMOTICONS.some((e) => text.endsWith(e))).toBe(true);
    expect(text).not.toContain("!");
  });

  test("hostile text stays text", async ({ page }) => {
    await open(page, "/uwu");
    await page.getByLabel("Your serious text").fill(`<img src=x onerror="window.__pwned=1">`);
    await page.getByRole("button", { name: "Translate" }).click();
    await expect(page.locator("output")).toHaveText(`<img swc=x onyewwow="window.__pwnyed=1">`);
    expect(await page.locator("output img").count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  });

  test("an empty translation gets a friendly message, with the keyboard", async ({ page }) => {
    await open(page, "/uwu");
    await page.getByLabel("Your serious text").focus();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await expect(page.locator("output")).toContainText("Nothing to translate");
  });
});
