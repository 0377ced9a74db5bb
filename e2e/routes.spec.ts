import { documentTitle } from "../app/kit/lib/meta";
import { shareImagePath } from "../app/kit/lib/share-image";
import { allPages } from "../app/toys/registry";
import { siteOrigin } from "../scripts/build/site-origin";
import { axeViolations, expect, pageBackground, settle, test, waitForHydration } from "./fixtures";

/**
 * Route-wide checks, driven by the registry: every page added later is covered with no new code.
 * Each concrete URL (a page's path and its sub-routes' pre-rendered paths) is opened once, and
 * every check runs on that one load: the HTML as served (with its social preview, whose picture is
 * fetched without opening another page), the layout, the background, the title,
 * axe, the menu, and what reduced motion stops.
 */
const urls = allPages.flatMap((entry) => [
  { entry, url: entry.path, own: true },
  ...(entry.subRoutes ?? []).flatMap((sub) => sub.prerender.map((url) => ({ entry, url, own: false }))),
]);

/** Pages whose axe run is slow: the Emoji Wall's 200 tiles take axe 2.5 s at full speed, 15 s at 20x. */
const HEAVY_AXE = new Set(["/emojis"]);

const escapeHtml = (text: string) =>
  text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#x27;");

for (const { entry, url, own } of urls) {
  test(`${url}: pre-rendered with its title and description, in the layout, accessible, in the menu, still under reduced motion`, async ({
    page,
  }) => {
    // Triples this test's budget: axe alone can take half of it on a starved machine.
    if (HEAVY_AXE.has(url)) test.slow();

    const response = await page.goto(url);
    expect(response?.status()).toBe(200);
    const html = (await response?.text()) ?? "";
    expect(html).toMatch(/<h1[\s>]/);
    if (own) {
      expect(html).toContain(`<title>${escapeHtml(documentTitle(entry.title))}</title>`);
      expect(html).toContain(`<meta name="description" content="${escapeHtml(entry.description)}"/>`);
      expect(html).toContain(`<meta property="og:title" content="${escapeHtml(entry.title)}"/>`);
      expect(html).toContain(`<meta property="og:description" content="${escapeHtml(entry.description)}"/>`);
    }
    // Its social preview: Open Graph and X card tags, absolute URLs on the configured origin, and
    // a picture of the right size that this server really has.
    const og = (property: string) =>
      html.match(new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)"/>`))?.[1];
    expect(og("og:title")).toBeTruthy();
    expect(og("og:description")).toBeTruthy();
    expect(og("og:url")).toBe(`${siteOrigin()}${url}`);
    expect(og("og:image")).toBe(`${siteOrigin()}${shareImagePath(url)}`);
    expect([og("og:image:width"), og("og:image:height")]).toEqual(["1200", "630"]);
    expect(og("twitter:card")).toBe("summary_large_image");
    expect(og("twitter:image")).toBe(og("og:image"));
    const image = await page.request.get(shareImagePath(url));
    expect(image.status()).toBe(200);
    expect(image.headers()["content-type"]).toBe("image/png");
    const png = await image.body();
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
    await waitForHydration(page);

    await expect(page.locator("header")).toBeVisible();
    await expect(page.locator("main")).toBeVisible();
    await expect(page.locator("footer")).toBeVisible();
    await expect(page.locator("main h1")).toHaveCount(1);
    expect(await pageBackground(page, entry.background)).toEqual({ shown: true, same: true });
    if (own) await expect(page).toHaveTitle(documentTitle(entry.title));
    // Entrance animations (the blog's cards fade in one after another) end first: axe measured a
    // half-faded card's contrast when it ran before the last one had arrived.
    await page.locator("main").evaluate((main) =>
      Promise.all(
        main
          .getAnimations({ subtree: true })
          .filter((a) => a.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
          .map((a) => a.finished.catch(() => {})),
      ),
    );
    expect(await axeViolations(page)).toEqual([]);

    const menu = page.getByRole("button", { name: "Menu" });
    await menu.click();
    const nav = page.getByRole("navigation", { name: "All pages" });
    await expect(nav.getByRole("link", { name: entry.label, exact: true })).toHaveAttribute("aria-current", "page");
    await page.keyboard.press("Escape");
    await expect(nav).toBeHidden();

    // The visitor asks for less motion (the system setting changes while the page is open): after
    // the page has rendered what that changes, nothing on it runs without end.
    await page.emulateMedia({ reducedMotion: "reduce" });
    await settle(page);
    const endless = await page.evaluate(() =>
      document
        .getAnimations()
        .filter((a) => a.playState === "running" && a.effect?.getComputedTiming().iterations === Infinity)
        .map((a) => (a as CSSAnimation).animationName ?? "script animation"),
    );
    expect(endless).toEqual([]);
  });
}
