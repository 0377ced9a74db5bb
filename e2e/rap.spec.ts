import { expect, test } from "./fixtures";
import { checkGenerator } from "./generator";

test("Cringe Raps: shows all 14 items before any repeats", async ({ page }) => {
  await checkGenerator(page, "/rap", "Drop a Verse", 14);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cringe Raps");
});
