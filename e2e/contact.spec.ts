import { site } from "../app/kit/lib/site";
import { expect, open, test } from "./fixtures";

test("Contact: 'Send a Message Into the Void' with a 'Contact Us' mail link", async ({ page }) => {
  await open(page, "/contact");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Send a Message Into the Void");
  await expect(page.getByRole("link", { name: "Contact Us" })).toHaveAttribute(
    "href",
    `mailto:${site.creatorEmail}?subject=Contact%20Us`,
  );
});
