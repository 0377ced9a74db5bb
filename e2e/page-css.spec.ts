import { expect, settle, test, waitForHydration } from "./fixtures";
import { BOX_DEPENDENT, firstLook, holdStylesheet, look } from "./page-styles";

/**
 * Each pre-rendered page carries only the CSS its own code can use (scripts/build/page-css.ts); the
 * site's whole stylesheet is prefetched once the page is live, switched on by a navigation. Every page is compared with and
 * without it in e2e/routes.spec.ts; this test holds it back across a client navigation.
 */
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

// The looks routes.spec.ts compares, on an element the first look catches in a transition (as a
// bubble another visitor popped a moment before, on the shared sheet): both read it where it goes.
test("two looks agree on an element whose transition the first caught halfway", async ({ page }) => {
  await page.goto("/about");
  await waitForHydration(page);
  await page.evaluate(() => {
    const moving = document.createElement("div");
    moving.id = "moving";
    moving.style.transition = "opacity 20s linear";
    document.querySelector("main")?.append(moving);
    getComputedStyle(moving).opacity;
    moving.style.opacity = "0.25";
  });
  expect(await page.evaluate(() => document.getElementById("moving")?.getAnimations().length)).toBe(1);
  await firstLook(page, BOX_DEPENDENT);
  await page.evaluate(() => {
    for (const transition of document.getElementById("moving")?.getAnimations() ?? []) transition.finish();
  });
  expect((await look(page, BOX_DEPENDENT)).differences).toEqual([]);
});

// The looks read the properties the site's CSS declares (e2e/page-styles.ts): a rule the page's
// own CSS lacked shows in the second.
test("two looks tell a rule that came with the second one", async ({ page }) => {
  await page.goto("/about");
  await waitForHydration(page);
  await firstLook(page, BOX_DEPENDENT);
  await page.evaluate(() => {
    const rule = document.createElement("style");
    rule.textContent = "main h1 { letter-spacing: 7px }";
    document.head.append(rule);
  });
  const { differences } = await look(page, BOX_DEPENDENT);
  expect(differences).toEqual([expect.stringMatching(/^<h1 .*> letter-spacing: -?[\d.]+px → 7px$/)]);
});
