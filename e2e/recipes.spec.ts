import { expect, test } from "./fixtures";
import { checkGenerator } from "./generator";

test("Awful Recipes: shows all 14 items before any repeats", async ({ page }) => {
  await checkGenerator(page, "/recipes", "Cook Something Awful", 14);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Awful Recipes");
});
