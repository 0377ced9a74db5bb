import { axeViolations, expect, open, test } from "./fixtures";

test("Bad Quotes: a quote with its author; 'More Terrible Advice' always shows a different one", async ({ page }) => {
  await open(page, "/quotes");
  const figure = page.locator("figure");
  await expect(figure.locator("blockquote")).toBeVisible();
  await expect(figure.locator("figcaption")).toHaveText(/^— \S/);
  let previous = await figure.innerText();
  for (let i = 0; i < 15; i++) {
    await page.getByRole("button", { name: "More Terrible Advice" }).click();
    await expect(figure).not.toHaveText(previous);
    previous = await figure.innerText();
  }
  expect(await axeViolations(page)).toEqual([]);
});
