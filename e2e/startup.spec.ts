import type { Page } from "@playwright/test";
import { pages, toys } from "../app/toys/registry";
import { SCRIPTS_MARK } from "../scripts/build/bootstrap-settings";
import { expect, expectProblems, networkErrorLine, open, test, waitForHydration, watchLayoutShifts } from "./fixtures";
import { holdShellChunk, SHELL_CHUNK, serveHtmlInTwoParts, throttleLikeAPhone } from "./network";

/**
 * How a page starts (scripts/build/bootstrap.ts): live soon after it paints, no click lost on the
 * way, and never dead for good when a file fails to load.
 */

const bigButton = (page: Page) => page.getByRole("main").getByRole("button").first();
const personalCount = (page: Page) => page.getByText(/^Your clicks:/).locator("strong");
const isLive = (page: Page) => page.evaluate(() => document.documentElement.dataset.hydrated === "true");

/**
 * Fails the shell chunk's loads the way a broken network does, the first `times` (every one
 * when not given); returns the console line each failure leaves, one per load failed.
 */
async function failShellChunk(
  page: Page,
  times = Number.POSITIVE_INFINITY,
): Promise<{ lines: string[]; tries: () => number }> {
  const lines: string[] = [];
  let tries = 0;
  await page.route(SHELL_CHUNK, (route) => {
    if (++tries > times) return route.continue();
    lines.push(networkErrorLine(new URL(route.request().url()).pathname, "net::ERR_FAILED"));
    return route.abort();
  });
  return { lines, tries: () => tries };
}

test.describe("before the page is live", () => {
  test("nothing but the document is fetched before the page is on screen (its scripts only when the paint entry is late); its icon and manifest are there", async ({
    page,
  }) => {
    // A request that ends before the paint counts in Lighthouse as needed for it: the tab's icon
    // and the web app manifest (with an icon it lists) once moved its LCP from 0.75 to 1.05 s. The
    // browser's own fetches of those are in no timeline: the built pages' test checks their HTML.
    await page.goto("/hi");
    await waitForHydration(page);
    // The first contentful paint must be there: without it, "before the paint" would be before nothing.
    const painted = await page.evaluate(
      () => performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null,
    );
    expect(painted, "the page's first-contentful-paint entry").not.toBeNull();
    const { early, started } = await page.evaluate(
      ({ at, mark }) => ({
        early: performance
          .getEntriesByType("resource")
          .filter((entry) => entry.startTime < at)
          .map((entry) => ({ name: entry.name, startTime: entry.startTime })),
        started: [performance.getEntriesByName(mark)[0] as PerformanceMark | undefined].map(
          (entry) => entry && { startTime: entry.startTime, detail: String(entry.detail) },
        )[0],
      }),
      { at: painted as number, mark: SCRIPTS_MARK },
    );
    expect(started, "the bootstrap's mark").toBeDefined();
    if (started?.detail === "paint") {
      expect(early.map((entry) => entry.name)).toEqual([]);
    } else {
      // The paint entry came late (a busy machine, a slow phone): the bootstrap started the scripts
      // AFTER_FRAME_MS after the first frame, by design. Only its scripts, and none before it began.
      for (const entry of early) {
        expect(entry.name).toMatch(/\/assets\/[\w.-]+\.js$/);
        expect(entry.startTime).toBeGreaterThanOrEqual((started?.startTime ?? 0) - 1);
      }
    }
    await expect(page.locator('link[rel="icon"]')).toHaveAttribute("href", /^data:image\/svg\+xml,<svg /);
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute("href", "/manifest.webmanifest");
  });

  test("the first paint waits for the footer's last words, however the HTML arrives: nothing moves", async ({
    browser,
    baseURL,
  }) => {
    // A pause of the network (or of the parser) inside the footer painted it with part of its text,
    // and it moved when the rest came (CLS 0.004 in Lighthouse, one run in about 140). Here the
    // HTML stops a second in the footer's first word, on a page whose footer is on a phone's screen.
    const PAUSE_MS = 1000;
    const split = await serveHtmlInTwoParts(baseURL as string, "/boyfriend", "Made", PAUSE_MS);
    try {
      const context = await browser.newContext({ baseURL: split.origin, viewport: { width: 412, height: 823 } });
      try {
        const page = await context.newPage();
        const shifted = await watchLayoutShifts(page);
        await page.goto("/boyfriend");
        await waitForHydration(page);
        await expect(page.getByRole("contentinfo")).toBeInViewport();
        const painted = await page.evaluate(
          () => performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null,
        );
        expect(painted, "the first contentful paint, ms after the navigation began").toBeGreaterThanOrEqual(PAUSE_MS);
        expect(await shifted(), "the layout shifts' sum").toBe(0);
      } finally {
        await context.close();
      }
    } finally {
      await split.close();
    }
  });

  test("on a throttled phone, a click on the Useless Button between paint and hydration counts, once", async ({
    page,
  }) => {
    await throttleLikeAPhone(page);
    // The page's shared chunk waits until the click has happened, so the click surely comes first.
    const clicked = await holdShellChunk(page);
    await page.goto("/", { waitUntil: "commit" });
    await expect(bigButton(page)).toBeVisible();
    await bigButton(page).click();
    expect(await isLive(page)).toBe(false);
    clicked();
    await waitForHydration(page);
    await expect(personalCount(page)).toHaveText("1");
    expect(await page.evaluate(() => localStorage.getItem("uselessClicks"))).toBe("1");
  });

  test("the menu opens before the page is live, with every page, and its links work", async ({ page }) => {
    const released = await holdShellChunk(page);
    await page.goto("/hi", { waitUntil: "commit" });
    const menu = page.getByRole("button", { name: "Menu" });
    await menu.click();
    const nav = page.getByRole("navigation", { name: "All pages" });
    await expect(nav.getByRole("link")).toHaveCount(toys.length + pages.length);
    await expect(nav.getByRole("link", { name: "Endless Hi" })).toHaveAttribute("aria-current", "page");
    await expect(menu).toHaveAttribute("aria-expanded", "true");
    expect(await isLive(page)).toBe(false);
    // Escape closes it, as the browser does it (focus back on the button).
    await page.keyboard.press("Escape");
    await expect(nav).toBeHidden();
    await expect(menu).toHaveAttribute("aria-expanded", "false");
    // Still not live: a link is a link, to a page of its own.
    await menu.click();
    await nav.getByRole("link", { name: "Screaming Bubbles" }).click();
    await expect(page).toHaveURL(/\/bubble-wrap$/);
    released();
    await waitForHydration(page);
    await page.getByRole("button", { name: "Bubble 1", exact: true }).click();
    await expect(page.getByRole("status").first()).toContainText("Score: 1 / 100");
  });

  test("with JavaScript off, the menu opens and its links work", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/rock");
    const menu = page.getByRole("button", { name: "Menu" });
    await menu.click();
    const nav = page.getByRole("navigation", { name: "All pages" });
    await expect(nav.getByRole("list", { name: "Toys" }).getByRole("link")).toHaveText(toys.map((t) => t.label));
    await expect(nav.getByRole("list", { name: "About this site" }).getByRole("link")).toHaveText(
      pages.map((p) => p.label),
    );
    await nav.getByRole("link", { name: "FAQ" }).click();
    await expect(page).toHaveURL(/\/faq$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await context.close();
  });
});

test.describe("when a file fails to load", () => {
  test("a chunk that fails twice is fetched again, and the page goes live", async ({ page, problems }) => {
    const failed = await failShellChunk(page, 2);
    await open(page, "/");
    expect(failed.tries()).toBeGreaterThan(2);
    await bigButton(page).click();
    await expect(personalCount(page)).toHaveText("1");
    // The two failed loads, each said once; nothing else.
    expect(failed.lines).toHaveLength(2);
    await expectProblems(problems, failed.lines);
  });

  test("a chunk that never loads: the page reloads itself once, then says so and offers to try again", async ({
    page,
    problems,
  }) => {
    let documents = 0;
    page.on("request", (request) => {
      if (request.resourceType() === "document") documents++;
    });
    const failed = await failShellChunk(page);
    await page.goto("/");
    const alert = page.getByRole("alert").filter({ hasText: "could not finish loading" });
    await expect(alert).toBeVisible({ timeout: 20_000 });
    // One reload, then no more: the message is only shown when the page decides not to reload.
    expect(documents).toBe(2);
    await expect(alert.getByRole("button", { name: "Try again" })).toBeVisible();
    // The painted page is still there to read.
    await expect(page.getByRole("heading", { name: "The Useless Button" })).toBeVisible();
    // Each failed load of the chunk, said once; nothing else.
    await expectProblems(problems, failed.lines);
  });

  test("a hydration step that throws: presses are let go, the page reloads once, then says so", async ({
    page,
    problems,
  }) => {
    // The router's manifest breaks when hydration reads its routes (kit/shell/hydrate-in-steps.tsx).
    await page.addInitScript(() => {
      Object.defineProperty(window, "__reactRouterManifest", {
        configurable: true,
        set(manifest: object) {
          Object.defineProperty(window, "__reactRouterManifest", {
            configurable: true,
            writable: true,
            value: new Proxy(manifest, {
              get(target, key) {
                if (key === "routes") throw new Error("a hydration step broke");
                return Reflect.get(target, key);
              },
            }),
          });
        },
      });
    });
    let documents = 0;
    page.on("request", (request) => {
      if (request.resourceType() === "document") documents++;
    });
    // A page without the Useless Button's own early answer: every press before React is held.
    await page.goto("/quotes");
    const alert = page.getByRole("alert").filter({ hasText: "could not finish loading" });
    await expect(alert).toBeVisible({ timeout: 20_000 });
    expect(documents).toBe(2);
    expect(await isLive(page)).toBe(false);
    // A press now reaches the page: nothing holds it for a replay that will never come.
    await page.evaluate(() => {
      document.addEventListener("click", () => {
        document.documentElement.dataset.pressReached = "yes";
      });
    });
    await page.getByRole("button", { name: "More Terrible Advice" }).click();
    expect(await page.evaluate(() => document.documentElement.dataset.pressReached)).toBe("yes");
    await expectProblems(problems, []);
  });

  test("with storage blocked, it still reloads only once", async ({ page, problems }) => {
    await page.addInitScript(() => {
      Object.defineProperty(window, "sessionStorage", {
        configurable: true,
        get() {
          throw new DOMException("The operation is insecure.", "SecurityError");
        },
      });
    });
    let documents = 0;
    page.on("request", (request) => {
      if (request.resourceType() === "document") documents++;
    });
    const failed = await failShellChunk(page);
    await page.goto("/hi");
    await expect(page.getByRole("alert").filter({ hasText: "could not finish loading" })).toBeVisible({
      timeout: 20_000,
    });
    expect(documents).toBe(2);
    await expectProblems(problems, failed.lines);
  });
});
