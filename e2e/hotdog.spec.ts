import { expect, open, test } from "./fixtures";

test("Hotdog of the Day: today's hotdog, drawn in code and described", async ({ page }) => {
  await page.clock.install({ time: new Date(2026, 10, 27, 12) }); // a Friday
  await open(page, "/hotdog");
  await expect(page.getByRole("img", { name: /The Friday Feeling: a sausage in a bun/ })).toBeVisible();
  await expect(page.getByText("The Friday Feeling", { exact: true })).toBeVisible();
  expect(await page.locator("img").count()).toBe(0);
});
