import { SOCKS, sockAlt } from "../app/toys/socks/words";
import { expect, open, test } from "./fixtures";

test("Socks Fan Page: a gallery of socks with their type, what they fit and drawn pictures", async ({ page }) => {
  await open(page, "/socks");
  const items = page.getByRole("list", { name: "Sock gallery" }).getByRole("listitem");
  await expect(items).toHaveCount(SOCKS.length);
  for (const sock of SOCKS) {
    await expect(page.getByRole("img", { name: sockAlt(sock) })).toBeVisible();
    await expect(page.getByText(`Fits: ${sock.fits}`)).toBeVisible();
  }
  expect(await page.locator("img").count()).toBe(0);
});
