import type { Page, Route } from "@playwright/test";
import { prerenderPaths } from "../app/toys/registry";
import { expect, settle, test, waitForHydration } from "./fixtures";

/**
 * Each pre-rendered page carries only the CSS its own code can use (scripts/build/page-css.ts); the
 * site's whole stylesheet is switched on once the page is live. These tests hold that stylesheet
 * back, so each page is seen with its own CSS alone, then let it through.
 */

/** Holds every request for the site's whole stylesheet until `release` is called. */
async function holdStylesheet(page: Page) {
  const held: Route[] = [];
  let released = false;
  await page.route(/\/assets\/[^/]+\.css$/, (route) => (released ? route.continue() : void held.push(route)));
  return {
    asked: () => held.length > 0,
    release: async () => {
      released = true;
      for (const route of held.splice(0)) await route.continue();
    },
  };
}

/**
 * Properties resolved against the element's box or its content (a clock's text, a random quote),
 * which may differ between two looks at a live page for reasons that have nothing to do with CSS.
 */
const BOX_DEPENDENT = new Set([
  "width",
  "height",
  "inline-size",
  "block-size",
  "top",
  "right",
  "bottom",
  "left",
  "inset-block-start",
  "inset-block-end",
  "inset-inline-start",
  "inset-inline-end",
  "transform-origin",
  "perspective-origin",
]);

/**
 * Every element's computed style, and that of its ::before and ::after, with animations stopped at
 * their start: the first look is kept in the page, the second returns what differs from it (for
 * elements whose class and style attributes did not change in between).
 */
function look(page: Page, skip: string[]) {
  return page.evaluate((skipped) => {
    type Looked = { at: string; styles: Record<string, string> };
    const w = window as unknown as { __firstLook?: Map<Element, Looked> };
    for (const animation of document.getAnimations()) {
      // Script animations (an emoji's wiggle) come and go by themselves: not the stylesheet's.
      if (!(animation instanceof CSSAnimation || animation instanceof CSSTransition)) {
        animation.cancel();
        continue;
      }
      animation.pause();
      animation.currentTime = 0;
    }
    const styleOf = (el: Element, pseudo?: string) => {
      const style = getComputedStyle(el, pseudo);
      const out: Record<string, string> = {};
      if (pseudo && style.content === "none") return out;
      for (let i = 0; i < style.length; i++) {
        const name = style.item(i);
        if (!skipped.includes(name)) out[`${pseudo ?? ""}${name}`] = style.getPropertyValue(name);
      }
      return out;
    };
    const now = new Map<Element, Looked>();
    for (const el of document.body.querySelectorAll("*")) {
      now.set(el, {
        at: `${el.getAttribute("class") ?? ""}|${el.getAttribute("style") ?? ""}`,
        styles: { ...styleOf(el), ...styleOf(el, "::before"), ...styleOf(el, "::after") },
      });
    }
    if (!w.__firstLook) {
      w.__firstLook = now;
      return { compared: 0, differences: [] as string[] };
    }
    const differences: string[] = [];
    let compared = 0;
    for (const [el, first] of w.__firstLook) {
      const second = now.get(el);
      if (!second || second.at !== first.at) continue;
      compared++;
      for (const [name, value] of Object.entries(second.styles)) {
        // Theme variables the page never uses come with the whole stylesheet: nothing reads them.
        if (name.includes("--") && !(name in first.styles)) continue;
        if (first.styles[name] !== value) {
          differences.push(
            `<${el.tagName.toLowerCase()} class="${el.getAttribute("class")}"> ${name}: ${first.styles[name]} → ${value}`,
          );
        }
      }
    }
    return { compared, differences: differences.slice(0, 20) };
  }, skip);
}

for (const url of prerenderPaths()) {
  test(`${url}: its own CSS styles it exactly as the site's whole stylesheet does`, async ({ page }) => {
    const stylesheet = await holdStylesheet(page);
    await page.goto(url);
    await waitForHydration(page);
    await settle(page);
    // The whole stylesheet is asked for once the page is live, and held here.
    await expect.poll(stylesheet.asked).toBe(true);
    await look(page, [...BOX_DEPENDENT]);
    await stylesheet.release();
    await page.evaluate(() => window.__pointlessStyles?.());
    // It is in, and on.
    expect(
      await page.evaluate(() =>
        [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map((l) => !l.disabled && !!l.sheet),
      ),
    ).toEqual([true]);
    await settle(page);
    const { compared, differences } = await look(page, [...BOX_DEPENDENT]);
    expect(differences).toEqual([]);
    expect(compared).toBeGreaterThan(10);
  });
}

test("a client navigation waits for the site's whole stylesheet, so the next page never shows unstyled", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1000, height: 700 });
  const stylesheet = await holdStylesheet(page);
  await page.goto("/about");
  await waitForHydration(page);
  // Potato Zoom's 500vh section uses classes the About page has no CSS for.
  expect(await page.locator("head style").evaluate((style) => style.textContent?.includes("500vh"))).toBe(false);
  // Note the section's height the moment it is in the page.
  await page.evaluate(() => {
    const w = window as unknown as { __sectionHeight?: number };
    new MutationObserver(() => {
      const section = document.querySelector("[data-zoom-section]");
      if (section && w.__sectionHeight === undefined) w.__sectionHeight = section.getBoundingClientRect().height;
    }).observe(document.body, { childList: true, subtree: true });
  });
  await page.getByRole("button", { name: "Menu" }).click();
  await page.getByRole("navigation", { name: "All pages" }).getByRole("link", { name: "Potato Zoom" }).click();
  // Still on About while the stylesheet is held (a few frames, then a look).
  await settle(page, 10);
  await expect(page.locator("main h1")).toHaveText("About This Glorious Mess");
  await stylesheet.release();
  await expect(page.locator("main h1")).toHaveText("Potato Zoom");
  expect(await page.evaluate(() => (window as unknown as { __sectionHeight?: number }).__sectionHeight)).toBe(3500);
});
