import { documentTitle } from "../app/kit/lib/meta";
import { allPages } from "../app/toys/registry";
import { axeViolations, expect, open, pageBackground, test } from "./fixtures";

/**
 * Route-wide checks, driven by the registry: every page added later is covered with no new code.
 * Each concrete URL (a page's path and its sub-routes' pre-rendered paths) is checked.
 */
const urls = allPages.flatMap((entry) => [
  { entry, url: entry.path, own: true },
  ...(entry.subRoutes ?? []).flatMap((sub) => sub.prerender.map((url) => ({ entry, url, own: false }))),
]);

const escapeHtml = (text: string) =>
  text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#x27;");

for (const { entry, url, own } of urls) {
  test.describe(`${url}`, () => {
    test("is pre-rendered with its own title and description", async ({ request }) => {
      const response = await request.get(url);
      expect(response.status()).toBe(200);
      const html = await response.text();
      expect(html).toMatch(/<h1[\s>]/);
      if (own) {
        expect(html).toContain(`<title>${escapeHtml(documentTitle(entry.title))}</title>`);
        expect(html).toContain(`<meta name="description" content="${escapeHtml(entry.description)}"/>`);
      }
    });

    test("renders in the layout with its background, no console error and no axe violation", async ({ page }) => {
      await open(page, url);
      await expect(page.locator("header")).toBeVisible();
      await expect(page.locator("main")).toBeVisible();
      await expect(page.locator("footer")).toBeVisible();
      await expect(page.locator("main h1")).toHaveCount(1);
      expect(await pageBackground(page, entry.background)).toEqual({ shown: true, same: true });
      if (own) await expect(page).toHaveTitle(documentTitle(entry.title));
      expect(await axeViolations(page)).toEqual([]);
    });

    test("is listed in the menu, marked current", async ({ page }) => {
      await open(page, url);
      await page.getByRole("button", { name: "Menu" }).click();
      const link = page
        .getByRole("navigation", { name: "All pages" })
        .getByRole("link", { name: entry.label, exact: true });
      await expect(link).toHaveAttribute("aria-current", "page");
    });

    test("with reduced motion, nothing on it moves forever", async ({ page }) => {
      await page.emulateMedia({ reducedMotion: "reduce" });
      await open(page, url);
      // Let the page start whatever it starts on its own, then list what runs without end.
      await page.waitForTimeout(500);
      const endless = await page.evaluate(() =>
        document
          .getAnimations()
          .filter((a) => a.playState === "running" && a.effect?.getComputedTiming().iterations === Infinity)
          .map((a) => (a as CSSAnimation).animationName ?? "script animation"),
      );
      expect(endless).toEqual([]);
    });
  });
}
