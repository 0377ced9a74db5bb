import { documentTitle } from "../app/kit/lib/meta";
import { site } from "../app/kit/lib/site";
import { allPages } from "../app/toys/registry";
import { lowContrast } from "./contrast";
import { DEJAVU_UI_LAUNCH, watchEmojiFonts } from "./emoji-fonts";
import { axeViolations, expect, pageBackground, settle, test, waitForHydration } from "./fixtures";
import { BOX_DEPENDENT, firstLook, holdStylesheet, look } from "./page-styles";

/**
 * Route-wide checks in the browser, driven by the registry: every page added later is covered with
 * no new code. Each concrete URL (a page's path and its sub-routes' pre-rendered paths) is opened
 * once, and every check that only looks runs on that one load, as a named step: its own CSS styles
 * it as the site's whole stylesheet does, the layout, the background, the title, axe, the contrast
 * of every text over its gradient, its emoji in colour (in a browser whose UI font has black
 * emoji of its own: e2e/emoji-fonts.ts), the menu, and what reduced motion stops (the last, as it
 * changes the page). What needs no browser (the
 * HTML as served, its title, description and social preview, the headers) is checked on the build
 * in the unit suite (scripts/build/built-site.test.ts).
 */
const urls = allPages.flatMap((entry) => [
  { entry, url: entry.path, own: true },
  ...(entry.subRoutes ?? []).flatMap((sub) => sub.prerender.map((url) => ({ entry, url, own: false }))),
]);

test.use({ launchOptions: DEJAVU_UI_LAUNCH });

for (const { entry, url, own } of urls) {
  test(`${url}: styled by its own CSS as by the whole stylesheet, in the layout, accessible, its emoji in colour, in the menu, its buttons edged in a contrast theme, whole with large text on a phone, still under reduced motion, and its ids are the server's and its way home works`, async ({
    page,
  }) => {
    // Two looks at every property of every element, axe, the menu and the way home: a minute at
    // most quiet, more on a loaded machine (below).
    test.slow();
    // The site's whole stylesheet is held back, so the page is first seen with its own CSS alone
    // (scripts/build/page-css.ts), as every visitor sees it until the page is live.
    const stylesheet = await holdStylesheet(page);
    const response = await page.goto(url);
    expect(response?.status()).toBe(200);
    await waitForHydration(page);

    // Entrance animations (the blog's cards fade in one after another) end first: a look must not
    // see one half done, and axe measured a half-faded card's contrast when it ran before the last
    // one had arrived.
    await page.locator("main").evaluate((main) =>
      Promise.all(
        main
          .getAnimations({ subtree: true })
          .filter((a) => a.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
          .map((a) => a.finished.catch(() => {})),
      ),
    );
    await settle(page);

    await test.step("its own CSS styles it exactly as the site's whole stylesheet does", async () => {
      // The whole stylesheet is asked for (prefetched) once the page is live, and held here; a
      // navigation switches it on (here, the call below).
      await expect.poll(stylesheet.asked).toBe(true);
      await firstLook(page, BOX_DEPENDENT);
      await stylesheet.release();
      await page.evaluate(() => window.__pointlessStyles?.());
      // It is in, and on.
      expect(
        await page.evaluate(() =>
          [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map(
            (l) => !l.disabled && !!l.sheet,
          ),
        ),
      ).toEqual([true]);
      // What differs for good: a look may catch a moment of a state change or an animation that
      // the next one does not (margins and padding are compared as CSS computes them, LAID_OUT).
      // A look reads every property of every element: 1.2-1.6 s on the walls quiet, 7 s with the
      // CPU four times slower, and more than 15 s in a fresh clone's run at load 9 (/emojis), so
      // the looks have 40 s to agree and the test three minutes (test.slow above); what must agree
      // is unchanged.
      let compared = 0;
      await expect
        .poll(
          async () => {
            const second = await look(page, BOX_DEPENDENT);
            compared = second.compared;
            return second.differences;
          },
          { timeout: 40_000 },
        )
        .toEqual([]);
      expect(compared).toBeGreaterThan(10);
    });

    await test.step("in the layout, with its background and title", async () => {
      await expect(page.locator("header")).toBeVisible();
      await expect(page.locator("main")).toBeVisible();
      await expect(page.locator("footer")).toBeVisible();
      await expect(page.locator("main h1")).toHaveCount(1);
      expect(await pageBackground(page, entry.background)).toEqual({ shown: true, same: true });
      if (own) await expect(page).toHaveTitle(documentTitle(entry.title));
    });

    await test.step("accessible (axe)", async () => {
      // Contrast is the next step's, read from the pixels.
      expect(await axeViolations(page, { contrastReadFromPixels: true })).toEqual([]);
    });

    await test.step("every text at WCAG AA against the lightest and darkest of what is painted behind it", async () => {
      // axe leaves text over a gradient "incomplete": this reads the pixels (e2e/contrast.ts).
      expect(await lowContrast(page)).toEqual([]);
    });

    await test.step("every emoji it shows is drawn by a colour emoji font", async () => {
      // Chromium's CSS agent, enabled only now: enabled before the load, it made every other step
      // of these checks a fifth slower (2026-12-02). No resource of these loads failed, so it has
      // nothing to log again (e2e/emoji-fonts.ts).
      const fonts = await watchEmojiFonts(page);
      const { seen, wrong } = await fonts.notInColour();
      expect(wrong).toEqual([]);
      // A page that shows an emoji in its text had it asked about (the Emoji Wall's 200 among
      // them; a closed <select>'s options are not shown, and are left out).
      const shows = await page.evaluate(() => {
        // The `v` flag, which TypeScript's target here does not know (e2e/emoji-fonts.ts).
        // biome-ignore lint/complexity/useRegexLiterals: a literal would not compile (above)
        const emoji = new RegExp("\\p{RGI_Emoji}", "v");
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const parent = node.parentElement;
          if (!parent || parent.closest("select") || !parent.checkVisibility()) continue;
          if (emoji.test(node.textContent ?? "")) return true;
        }
        return false;
      });
      expect(seen).toBeGreaterThanOrEqual(shows ? 1 : 0);
    });

    await test.step("every id the page's script names is the one the server wrote", async () => {
      // React's useId names an element by its place in the tree: a client tree of another shape
      // than the server's hydrates without a word, and a label, a getElementById or an
      // aria-describedby then misses its element. React keeps the server's attribute and its own
      // props side by side: they must agree.
      const disagreements = await page.evaluate(() => {
        const named = ["id", "htmlFor", "aria-labelledby", "aria-describedby", "aria-controls"] as const;
        const attribute = { id: "id", htmlFor: "for" } as Record<string, string>;
        const found: string[] = [];
        for (const element of document.querySelectorAll("*")) {
          const key = Object.keys(element).find((k) => k.startsWith("__reactProps$"));
          if (!key) continue;
          const props = (element as unknown as Record<string, Record<string, unknown>>)[key] ?? {};
          for (const name of named) {
            const value = props[name];
            const written = element.getAttribute(attribute[name] ?? name);
            if (typeof value === "string" && value !== written)
              found.push(`${element.tagName} ${name}: ${written} ≠ ${value}`);
          }
        }
        return { found };
      });
      expect(disagreements.found).toEqual([]);
    });

    await test.step("in the menu, marked as the current page", async () => {
      const menu = page.getByRole("button", { name: "Menu" });
      await menu.click();
      const nav = page.getByRole("navigation", { name: "All pages" });
      await expect(nav.getByRole("link", { name: entry.label, exact: true })).toHaveAttribute("aria-current", "page");
      await page.keyboard.press("Escape");
      await expect(nav).toBeHidden();
    });

    await test.step("in a contrast theme (forced colours), every button shows its edge", async () => {
      // Such a theme draws no backgrounds: a pill-shaped button with no border would be bare words.
      await page.emulateMedia({ forcedColors: "active" });
      const bare = await page.evaluate(() =>
        [...document.querySelectorAll("button")]
          .filter((b) => b.checkVisibility() && b.getBoundingClientRect().width > 1)
          .filter((b) => {
            const style = getComputedStyle(b);
            return !(parseFloat(style.borderTopWidth) >= 1 && style.borderTopStyle !== "none");
          })
          .map((b) => b.getAttribute("aria-label") ?? b.textContent?.trim().slice(0, 40)),
      );
      await page.emulateMedia({ forcedColors: "none" });
      expect(bare).toEqual([]);
    });

    await test.step("on a phone with large text, nothing goes off the side or is cut off", async () => {
      // The visitor's default font size scales every rem: at 150% (Chrome's "very large") and at
      // 200%, on a 390 px phone and on a 320 px one, the page does not scroll sideways, the
      // header's Menu fits and no box cuts its text off.
      const size = page.viewportSize();
      // A transform that animates (a pulse's scale) widens the page at some moments and not at
      // others: every animation is read at each of its keyframes and at 16 points between (its
      // delay allowed for), and the widest counts. Then each is put back where it was, its play
      // state untouched (no pause(), which would override the page's own animation-play-state).
      const at = async (width: number, scale: string) => {
        await page.setViewportSize({ width, height: 844 });
        return page.evaluate((fontSize) => {
          document.documentElement.style.setProperty("font-size", fontSize);
          const width = document.documentElement.clientWidth;
          // The Menu button within the screen's width and within the header's height (its word
          // broken over lines would stand out below the header).
          const button = document.querySelector(".site-menu-button")?.getBoundingClientRect();
          const header = document.querySelector(".site-header")?.getBoundingClientRect();
          const menuCut = !button || !header || button.right > width || button.bottom > header.bottom;
          // No box cuts off its own text at the foot (a fixed height that was enough at 100%):
          // what is hidden on purpose (the skip link until focused, a reel's window inside an
          // aria-hidden face) is left out.
          const clipped = [...document.querySelectorAll<HTMLElement>("body *")]
            .filter((el) => ["hidden", "clip"].includes(getComputedStyle(el).overflowY))
            .filter((el) => getComputedStyle(el).clipPath === "none" && !el.closest('[aria-hidden="true"]'))
            .filter((el) => el.clientHeight > 1 && el.scrollHeight > el.clientHeight + 1)
            .map((el) => `${el.tagName.toLowerCase()} "${el.textContent?.trim().slice(0, 30)}"`);
          const animations = document.getAnimations().map((a) => ({ a, start: a.startTime, time: a.currentTime }));
          const points = new Set(Array.from({ length: 16 }, (_, k) => k / 16));
          for (const { a } of animations) {
            if (a.effect instanceof KeyframeEffect)
              for (const frame of a.effect.getKeyframes()) points.add(Number(frame.computedOffset));
          }
          let widest = document.documentElement.scrollWidth;
          for (const point of points) {
            for (const { a } of animations) {
              const timing = a.effect?.getTiming();
              const cycle = Number(timing?.duration) || 0;
              let moment = (timing?.delay ?? 0) + point * cycle;
              if (moment < 0 && cycle > 0) moment += Math.ceil(-moment / cycle) * cycle;
              a.currentTime = Math.max(0, moment);
            }
            widest = Math.max(widest, document.documentElement.scrollWidth);
          }
          for (const { a, start, time } of animations) {
            if (start !== null) a.startTime = start;
            else a.currentTime = time;
          }
          return { scrollsSideways: widest > width, menuCut, clipped };
        }, scale);
      };
      const seen: Record<string, { scrollsSideways: boolean; menuCut: boolean; clipped: string[] }> = {};
      for (const [width, scale] of [
        [390, "150%"],
        [390, "200%"],
        [320, "150%"],
        [320, "200%"],
      ] as const) {
        seen[`${width} px at ${scale}`] = await at(width, scale);
      }
      await page.evaluate(() => document.documentElement.style.removeProperty("font-size"));
      if (size) await page.setViewportSize(size);
      const fits = { scrollsSideways: false, menuCut: false, clipped: [] };
      expect(seen).toEqual({
        "390 px at 150%": fits,
        "390 px at 200%": fits,
        "320 px at 150%": fits,
        "320 px at 200%": fits,
      });
    });

    await test.step("under reduced motion, nothing runs without end", async () => {
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

    await test.step("the site's name leads home, without a reload", async () => {
      await page.evaluate(() => {
        (window as unknown as { __samePage: boolean }).__samePage = true;
      });
      await page.getByRole("banner").getByRole("link", { name: site.name }).click();
      await expect(page).toHaveURL("/");
      await expect(page.getByRole("heading", { level: 1, name: "The Useless Button" })).toBeVisible();
      expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
    });
  });
}
