import { expect, open, test } from "./fixtures";

test("How It Works: 'The Science Behind It' in three steps", async ({ page }) => {
  await open(page, "/how-it-works");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("The Science Behind It");
  const steps = page.getByRole("heading", { level: 2 });
  await expect(steps).toHaveText([
    "Step 1: Quantum Click Fluctuation",
    "Step 2: Hyper-Threaded Nonsense Generation",
    "Step 3: AI-Powered Apathy Matrix",
  ]);
  const items = page.getByRole("main").getByRole("listitem");
  await expect(items).toHaveCount(3);
  // Each step has its line of pseudo-science right under its heading: a visible sentence of words.
  for (let i = 0; i < 3; i++) {
    const item = items.nth(i);
    await expect(item.getByRole("heading", { level: 2 })).toHaveText(/^Step \d/);
    const line = item.locator("h2 + p");
    await expect(line).toBeVisible();
    await expect(line).toHaveText(/^\S+(\s+\S+){5,}[.!?]$/);
  }
  expect(new Set(await items.locator("h2 + p").allInnerTexts()).size).toBe(3);
});
