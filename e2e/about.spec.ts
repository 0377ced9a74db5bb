import { site } from "../app/kit/lib/site";
import { expect, open, test } from "./fixtures";

test("About: the headline, a byline, two paragraphs and a mail link with subject 'Contact Us'", async ({ page }) => {
  await open(page, "/about");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("About This Glorious Mess");
  await expect(page.getByText(`By ${site.creatorName}`)).toBeVisible();
  await expect(page.getByRole("main").locator("div > p")).toHaveCount(2);
  const link = page.getByRole("link", { name: "Contact The Creator" });
  await expect(link).toHaveAttribute("href", `mailto:${site.creatorEmail}?subject=Contact%20Us`);
});
