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
  await expect(page.getByRole("main").getByRole("listitem")).toHaveCount(3);
});
