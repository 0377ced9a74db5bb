import type { Page } from "@playwright/test";
import { expect, open, test } from "./fixtures";
import { blockStorage, seedStorage } from "./storage-stubs";

const bigButton = (page: Page) => page.getByRole("main").getByRole("button").first();
const globalCount = (page: Page) => page.getByText(/^Global clicks:/).locator("strong");
const globalNumber = async (page: Page) => {
  await expect(globalCount(page)).toHaveText(/^\d+$/);
  return Number(await globalCount(page).textContent());
};
const personalCount = (page: Page) => page.getByText(/^Your clicks:/).locator("strong");

test.describe("untrusted storage", () => {
  test("storage that throws on every call: the page works and counts in memory", async ({ page }) => {
    await blockStorage(page);
    await open(page, "/");
    await expect(personalCount(page)).toHaveText("0");
    const before = await globalNumber(page);
    await bigButton(page).click();
    await bigButton(page).click();
    await expect(personalCount(page)).toHaveText("2");
    // The global counter's queue lives in memory too.
    expect(await globalNumber(page)).toBeGreaterThanOrEqual(before + 2);
    await page.getByRole("button", { name: "Mute sound" }).click();
    await expect(page.getByRole("button", { name: "Unmute sound" })).toBeVisible();
  });

  test("storage that is full: clicks still count, from the stored value on", async ({ page }) => {
    await page.addInitScript(() => {
      localStorage.setItem("personalUselessClicks", "5");
      Storage.prototype.setItem = () => {
        throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
      };
    });
    await open(page, "/");
    await expect(personalCount(page)).toHaveText("5");
    for (let i = 0; i < 3; i++) await bigButton(page).click();
    await expect(personalCount(page)).toHaveText("8");
  });

  for (const garbage of ["banana", "-5", "Infinity", "NaN", '{"clicks":9}', "1e999", ""]) {
    test(`garbage ${JSON.stringify(garbage)} in the counters counts as 0`, async ({ page }) => {
      await seedStorage(page, { uselessClicks: garbage, personalUselessClicks: garbage, pointlessMuted: garbage });
      await open(page, "/");
      await expect(globalCount(page)).toHaveText(/^\d+$/);
      await expect(personalCount(page)).toHaveText("0");
      await bigButton(page).click();
      await expect(personalCount(page)).toHaveText("1");
      expect(await page.evaluate(() => localStorage.getItem("uselessClicks"))).toBe("1");
    });
  }

  test("two tabs clicking in turn lose no clicks and see each other's counts", async ({ page, context }) => {
    const other = await context.newPage();
    await open(page, "/");
    await open(other, "/");
    await bigButton(page).click();
    await bigButton(other).click();
    await bigButton(page).click();
    await bigButton(other).click();
    await bigButton(other).click();
    await expect(personalCount(page)).toHaveText("5");
    await expect(personalCount(other)).toHaveText("5");
    expect(await page.evaluate(() => localStorage.getItem("uselessClicks"))).toBe("5");
    expect(await page.evaluate(() => localStorage.getItem("personalUselessClicks"))).toBe("5");
    await other.close();
  });

  test("a tab that went to another page and comes back shows the clicks made meanwhile in another tab", async ({
    page,
    context,
  }) => {
    const other = await context.newPage();
    await open(page, "/");
    await open(other, "/");
    await bigButton(page).click();
    await expect(personalCount(page)).toHaveText("1");
    // The first tab moves on inside the site (no reload), so the home page is not watching.
    await page.getByRole("button", { name: "Menu" }).click();
    await page.getByRole("navigation", { name: "All pages" }).getByRole("link", { name: "Endless Hi" }).click();
    await expect(page).toHaveURL(/\/hi$/);
    for (let i = 0; i < 5; i++) await bigButton(other).click();
    await expect(personalCount(other)).toHaveText("6");
    await page.getByRole("banner").getByRole("link", { name: "Pointless Toys" }).click();
    await expect(personalCount(page)).toHaveText("6");
    await bigButton(page).click();
    await expect(personalCount(page)).toHaveText("7");
    await other.close();
  });

  test("the mute follows the visitor across open tabs", async ({ page, context }) => {
    const other = await context.newPage();
    await open(page, "/clap");
    await open(other, "/");
    await other.getByRole("button", { name: "Mute sound" }).click();
    await expect(page.getByRole("button", { name: "Unmute sound" })).toBeVisible();
    await other.getByRole("button", { name: "Unmute sound" }).click();
    await expect(page.getByRole("button", { name: "Mute sound" })).toBeVisible();
    await other.close();
  });
});
