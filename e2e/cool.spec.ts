import { expect, open, test } from "./fixtures";

test.describe("Are You Cool?", () => {
  test("Yes: 'NO.' and the narrator", async ({ page }) => {
    await open(page, "/cool");
    await page.getByRole("button", { name: "Yes", exact: true }).click();
    await expect(page.getByRole("status")).toContainText("NO.");
    await expect(page.getByRole("status")).toContainText("Narrator: They were not.");
  });

  test("No: 'NO.' and honesty, with the keyboard", async ({ page }) => {
    await open(page, "/cool");
    await page.getByRole("button", { name: "No", exact: true }).focus();
    await page.keyboard.press("Space");
    await expect(page.getByRole("status")).toContainText("NO.");
    await expect(page.getByRole("status")).toContainText("At least you're honest. Still not cool though.");
  });
});
