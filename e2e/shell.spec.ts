import type { Page } from "@playwright/test";
import { site } from "../app/kit/lib/site";
import { pages, toys } from "../app/toys/registry";
import { axeViolations, expect, expectProblems, httpErrorLine, open, pageBackground, test } from "./fixtures";

test.describe("the shell", () => {
  test("has header, main and footer landmarks and a site title linking home", async ({ page }) => {
    await open(page, "/");
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(page.getByRole("main")).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
    const home = page.getByRole("banner").getByRole("link", { name: site.name });
    await expect(home).toHaveAttribute("href", "/");
    await expect(page.getByRole("banner")).toHaveCSS("position", "fixed");
  });

  test("shows the site's whole name on the narrowest phone (320 px), and keeps its controls", async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 568 });
    await open(page, "/");
    const banner = page.getByRole("banner");
    const name = banner.getByRole("link", { name: site.name }).getByText(site.name);
    expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth), "the name is not cut short").toBe(true);
    await expect(banner.getByRole("button", { name: "Surprise me" })).toBeInViewport({ ratio: 1 });
    await expect(banner.getByRole("button", { name: "Menu" })).toBeInViewport({ ratio: 1 });
  });

  test("keeps a focused element and its ring clear of the fixed header when Shift+Tab scrolls back up", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.emulateMedia({ reducedMotion: "reduce" });
    await open(page, "/blog");
    const links = page.getByRole("main").getByRole("link");
    const count = await links.count();
    expect(count, "the three posts' links").toBe(3);
    await links.last().focus();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const headerBottom = await page.getByRole("banner").evaluate((el) => el.getBoundingClientRect().bottom);
    const tops: number[] = [];
    const scrolls: number[] = [await page.evaluate(() => window.scrollY)];
    for (let i = 1; i < count; i++) {
      await page.keyboard.press("Shift+Tab");
      tops.push(await page.evaluate(() => document.activeElement?.getBoundingClientRect().top ?? -1));
      scrolls.push(await page.evaluate(() => window.scrollY));
    }
    expect(new Set(scrolls).size, "Shift+Tab scrolled the page back up").toBeGreaterThan(1);
    expect(Math.min(...tops), "every link's top and its 5 px ring below the header").toBeGreaterThanOrEqual(
      headerBottom + 5,
    );
  });

  test("the first Tab shows a skip link, and it takes focus to the page's content", async ({ page }) => {
    await open(page, "/about");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await page.keyboard.press("Tab");
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport({ ratio: 1 });
    expect((await skip.boundingBox())?.width, "shown, not the screen reader's alone").toBeGreaterThan(40);
    await page.keyboard.press("Enter");
    await expect(page.getByRole("main")).toBeFocused();
  });

  test("footer shows the visitor's current year, without a hydration mismatch", async ({ page }) => {
    await page.clock.install({ time: new Date("2031-06-15T12:00:00") });
    await open(page, "/");
    await expect(page.getByRole("contentinfo")).toHaveText(
      "Made with love and zero purpose | Wasting your time since 2031",
    );
  });
});

test.describe("the menu", () => {
  test("lists every page in two groups: toys, a separator, then the site pages", async ({ page }) => {
    await open(page, "/");
    const button = page.getByRole("button", { name: "Menu" });
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await button.click();
    await expect(button).toHaveAttribute("aria-expanded", "true");
    const nav = page.getByRole("navigation", { name: "All pages" });
    const toyLinks = nav.getByRole("list", { name: "Toys" }).getByRole("link");
    await expect(toyLinks).toHaveText(toys.map((t) => t.label));
    const pageLinks = nav.getByRole("list", { name: "About this site" }).getByRole("link");
    await expect(pageLinks).toHaveText(pages.map((p) => p.label));
    await expect(nav.locator("hr")).toHaveCount(1);
    expect(await axeViolations(page)).toEqual([]);
  });

  test("is 16rem wide, at most 80% of the viewport tall, and scrolls", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 500 });
    await open(page, "/");
    await page.getByRole("button", { name: "Menu" }).click();
    const panel = page.getByRole("navigation", { name: "All pages" });
    const box = await panel.boundingBox();
    expect(box?.width).toBe(256);
    expect(box?.height).toBeLessThanOrEqual(400);
    await expect(panel).toHaveCSS("max-height", "400px");
    await expect(panel).toHaveCSS("overflow-y", "auto");
  });

  test("with large text on a phone, the Menu button and the open menu fit on the screen", async ({ page }) => {
    // The visitor's default font size scales every rem (Android's font size reaches 200%): the menu
    // is 16rem wide and sat under its button's right edge, so at 150% its left edge, and at 200%
    // the button itself and half of every link, were off the screen.
    for (const [width, scale] of [
      [390, "150%"],
      [390, "200%"],
      [320, "200%"],
    ] as const) {
      await page.setViewportSize({ width, height: 844 });
      await open(page, "/");
      await page.evaluate((fontSize) => document.documentElement.style.setProperty("font-size", fontSize), scale);
      const where = `${width} px, text at ${scale}`;
      const menu = page.getByRole("banner").getByRole("button", { name: "Menu" });
      await expect(menu, where).toBeInViewport({ ratio: 1 });
      await expect(page.getByRole("banner").getByRole("button", { name: "Surprise me" }), where).toBeInViewport({
        ratio: 1,
      });
      await menu.click();
      const panel = page.getByRole("navigation", { name: "All pages" });
      await expect(panel, where).toBeVisible();
      const box = await panel.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= width, `${where}: the menu within the screen`).toBe(true);
      await page.keyboard.press("Escape");
      await expect(panel).toBeHidden();
    }
  });

  test("works with the keyboard alone", async ({ page }) => {
    await open(page, "/");
    const button = page.getByRole("button", { name: "Menu" });
    await button.focus();
    await page.keyboard.press("ArrowDown");
    const nav = page.getByRole("navigation", { name: "All pages" });
    const links = nav.getByRole("link");
    // Opening focuses the current page's link.
    await expect(nav.getByRole("link", { name: "Useless Button" })).toBeFocused();
    const count = await links.count();
    await page.keyboard.press("End");
    await expect(links.nth(count - 1)).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(links.first()).toBeFocused();
    await page.keyboard.press("ArrowUp");
    await expect(links.nth(count - 1)).toBeFocused();
    await page.keyboard.press("Home");
    await expect(links.first()).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(nav).toBeHidden();
    await expect(button).toBeFocused();
    // Enter opens it too, and Enter on a link follows it.
    await page.keyboard.press("Enter");
    await expect(nav).toBeVisible();
    await page.keyboard.press("End");
    const last = pages.at(-1) ?? toys.at(-1);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`${last?.path}$`));
    await expect(nav).toBeHidden();
  });

  test("closes when clicking elsewhere or tabbing out", async ({ page }) => {
    await open(page, "/");
    const nav = page.getByRole("navigation", { name: "All pages" });
    await page.getByRole("button", { name: "Menu" }).click();
    await expect(nav).toBeVisible();
    await page.mouse.click(5, 400);
    await expect(nav).toBeHidden();
    await page.getByRole("button", { name: "Menu" }).click();
    await page.keyboard.press("End");
    await page.keyboard.press("Tab");
    await expect(nav).toBeHidden();
  });
});

test.describe("page changes", () => {
  // From the not-found page to the home page: a client navigation between two routes.
  async function navigateHome(page: Page) {
    await page.getByRole("link", { name: "Take me to the Useless Button" }).click();
    await expect(page.getByRole("heading", { name: "The Useless Button" })).toBeVisible();
  }

  test("client navigations fade and slide in over 0.3 s, and move focus to the page", async ({ page, problems }) => {
    await open(page, "/not-a-page");
    // Chromium logs the 404 status of the not-found document itself.
    await expectProblems(problems, [httpErrorLine("/not-a-page")]);
    // The first paint of a pre-rendered page is never animated.
    await expect(page.locator(".page-enter")).toHaveCount(0);
    await navigateHome(page);
    const entering = page.locator("main > .page-enter");
    await expect(entering).toHaveCSS("animation-name", "page-enter");
    await expect(entering).toHaveCSS("animation-duration", "0.3s");
    await expect(page.getByRole("main")).toBeFocused();
  });

  test("with reduced motion they only fade", async ({ page, problems }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await open(page, "/not-a-page");
    // Chromium logs the 404 status of the not-found document itself.
    await expectProblems(problems, [httpErrorLine("/not-a-page")]);
    await navigateHome(page);
    const entering = page.locator("main > .page-enter");
    await expect(entering).toHaveCSS("animation-name", "fade-in");
    await expect(entering).toHaveCSS("animation-duration", "0.3s");
  });
});

test.describe("unknown paths", () => {
  test("are answered 404 with the fallback page", async ({ request }) => {
    for (const path of ["/nope", "/nope/deeper", "/hi-there"]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(404);
      expect(await response.text()).toContain("<title>Pointless Toys</title>");
    }
  });

  test("show a friendly not-found page inside the layout on the default gradient", async ({ page, problems }) => {
    await open(page, "/this/does/not/exist");
    // Chromium logs the 404 status of the document itself; that is the point, not a problem.
    await expectProblems(problems, [httpErrorLine("/this/does/not/exist")]);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("404");
    await expect(page).toHaveTitle("Page not found | Pointless Toys");
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
    expect(await pageBackground(page, site.defaultBackground)).toEqual({ shown: true, same: true });
    await page.getByRole("link", { name: /Useless Button/ }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { name: "The Useless Button" })).toBeVisible();
  });

  test("are reached by client navigation too, without a reload", async ({ page }) => {
    await open(page, "/");
    await page.evaluate(() => {
      window.history.pushState({}, "", "/elsewhere");
      window.dispatchEvent(new PopStateEvent("popstate"));
    });
    await expect(page.getByRole("heading", { level: 1 })).toContainText("404");
    await expect(page).toHaveTitle("Page not found | Pointless Toys");
  });
});

test.describe("surprise me", () => {
  test("takes the visitor to a random toy, never the one they are on", async ({ page }) => {
    const toyPaths = toys.map((toy) => toy.path);
    expect(toyPaths.length, "needs at least two toys").toBeGreaterThan(1);
    await open(page, toyPaths[0] as string);
    const seen = new Set<string>();
    for (let i = 0; i < 12; i++) {
      const before = new URL(page.url()).pathname;
      await page.getByRole("button", { name: "Surprise me" }).click();
      await expect(page).not.toHaveURL(new RegExp(`${before === "/" ? "/$" : `${before}$`}`));
      const after = new URL(page.url()).pathname;
      expect(toyPaths).toContain(after);
      seen.add(after);
    }
    expect(seen.size).toBeGreaterThan(1);
  });

  test("from a page that is not a toy, goes to a toy", async ({ page, problems }) => {
    await open(page, "/no-such-page");
    // Chromium logs the 404 status of the not-found document itself.
    await expectProblems(problems, [httpErrorLine("/no-such-page")]);
    await page.getByRole("button", { name: "Surprise me" }).click();
    await expect(page).not.toHaveURL(/no-such-page/);
    expect(toys.map((toy) => toy.path)).toContain(new URL(page.url()).pathname);
  });
});
