import { expect, test } from "./fixtures";
import { checkGenerator } from "./generator";

test("Obvious Lies Wiki: shows all 10 items before any repeats", async ({ page }) => {
  await checkGenerator(page, "/wiki-lies", "Random Article", 10);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Obvious Lies Wiki");
});
