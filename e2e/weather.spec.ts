import { expect, test } from "./fixtures";
import { checkGenerator } from "./generator";

test("Emotional Forecast: shows all 12 items before any repeats", async ({ page }) => {
  await checkGenerator(page, "/weather", "Check My Forecast", 12);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Emotional Forecast");
});
