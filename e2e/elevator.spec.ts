import { EXCUSES } from "../app/toys/elevator/logic";
import { expect, open, test } from "./fixtures";
import { installPausedClock } from "./timers";

test.describe("Fake Elevator", () => {
  test("has 12 floor buttons labelled 1 to 12", async ({ page }) => {
    await open(page, "/elevator");
    const buttons = page.getByRole("list", { name: "Floors" }).getByRole("button");
    await expect(buttons).toHaveCount(12);
    const labels = (await buttons.allInnerTexts()).map(Number).sort((a, b) => a - b);
    expect(labels).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  });

  test("a floor press shows a toast for 2 s, and the elevator goes nowhere", async ({ page }) => {
    await installPausedClock(page);
    await open(page, "/elevator");
    await page.getByRole("button", { name: "Floor 7" }).click();
    const toast = page.locator(".toast");
    await expect(toast).toContainText("Floor 7");
    const text = await toast.innerText();
    expect(EXCUSES.some((e) => text.includes(e))).toBe(true);
    await page.clock.runFor(1900);
    await expect(toast).toBeVisible();
    await page.clock.runFor(200);
    await expect(toast).toBeHidden();
    await expect(page).toHaveURL(/\/elevator$/);
  });

  test("works with the keyboard", async ({ page }) => {
    await open(page, "/elevator");
    await page.getByRole("button", { name: "Floor 12" }).focus();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await expect(page.locator(".toast")).toContainText("Floor 11");
  });
});
