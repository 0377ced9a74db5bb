import { expect, test } from "./fixtures";
import { checkGenerator } from "./generator";

test("Breakup Quotes: shows all 15 items before any repeats", async ({ page }) => {
  await checkGenerator(page, "/break-up", "Break It Off", 15);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Breakup Quotes");
});
