import type { Page } from "@playwright/test";
import { pages, toys } from "../app/toys/registry";
import { allowProblems, expect, expectProblems, open, test, waitForHydration } from "./fixtures";
import { deployNextBuild } from "./network";

/**
 * A tab open while the site is deployed again (scripts/build/bootstrap.ts, the service worker): its
 * menu and its links still arrive where the visitor asked, in the new build.
 */

/**
 * A file of the old build, which the deploy (deployNextBuild) answers 404: how many the page asks
 * for depends on what it had fetched by then, so any number of these lines is expected, and no
 * other 404 (a file of the new build's, or any other path).
 */
const oldBuildGone = (line: string) =>
  /^console\.error: Failed to load resource: the server responded with a status of 404 \(Not Found\) \(\/assets\/(?!next\/)[^/()]+\)$/.test(
    line,
  );

/** The old build's module of the route at `path`, as the page's manifest names it. */
const routeModule = (page: Page, path: string) =>
  page.evaluate(
    (at) =>
      Object.values(
        (window as unknown as { __reactRouterManifest: { routes: Record<string, { path?: string; module: string }> } })
          .__reactRouterManifest.routes,
      ).find((route) => route.path === at)?.module,
    path,
  );

/** React Router's lines when the route module it needs is gone: it says so, and reloads the page. */
function routeModuleGone(origin: string, module: string | undefined): string[] {
  expect(module, "the route's module in the page's manifest").toMatch(/^\/assets\/[\w-]+\.js$/);
  return [
    `console.error: Error loading route module \`${module}\`, reloading page...`,
    `console.error: TypeError: Failed to fetch dynamically imported module: ${origin}${module}`,
  ];
}

test.describe("a tab open while the site is deployed again", () => {
  /** The paths of the documents the page asks for from now on. */
  function watchDocuments(page: Page): string[] {
    const documents: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "document") documents.push(new URL(request.url()).pathname);
    });
    return documents;
  }

  test("the menu opens at once and its link arrives at the page picked, in the new build", async ({
    page,
    problems,
  }) => {
    await open(page, "/");
    const module = await routeModule(page, "/bubble-wrap");
    await deployNextBuild(page);
    const documents = watchDocuments(page);
    // Nothing to fetch: the links are in the page, so the menu opens with every one of them.
    await page.getByRole("button", { name: "Menu" }).click();
    const nav = page.getByRole("navigation", { name: "All pages" });
    await expect(nav.getByRole("link")).toHaveCount(toys.length + pages.length);
    // The old build's page chunk is gone: the visitor still arrives where they were going.
    await nav.getByRole("link", { name: "Screaming Bubbles" }).click();
    await expect(page).toHaveURL(/\/bubble-wrap$/);
    await waitForHydration(page);
    await page.getByRole("button", { name: "Bubble 1", exact: true }).click();
    await expect(page.getByRole("status").first()).toContainText("Score: 1 / 100");
    expect(await page.evaluate(() => document.documentElement.style.visibility)).toBe("");
    // React Router reloaded the page it was on; the bootstrap went on to the page picked.
    expect(documents).toEqual(["/", "/bubble-wrap"]);
    const navigation = () => (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming).type;
    expect(await page.evaluate(navigation)).toBe("navigate");
    // React Router said the page's module was gone, once; the old build's files answered 404.
    await expectProblems(problems, routeModuleGone(new URL(page.url()).origin, module));
    allowProblems(problems, oldBuildGone);
  });

  test("a link in the page arrives at its page too, and a reload the visitor asks for stays put", async ({
    page,
    problems,
  }) => {
    await open(page, "/bubble-wrap");
    const module = await routeModule(page, "/bubble-wrap/together");
    await deployNextBuild(page);
    await page.getByRole("link", { name: /^Pop with everyone/ }).click();
    await expect(page).toHaveURL(/\/bubble-wrap\/together$/);
    await waitForHydration(page);
    await expect(page.getByRole("heading", { name: "Bubble Wrap for Everyone" })).toBeVisible();
    // Where it was going is forgotten once it got there: a reload now stays on this page.
    await page.reload();
    await waitForHydration(page);
    await expect(page).toHaveURL(/\/bubble-wrap\/together$/);
    await expectProblems(problems, routeModuleGone(new URL(page.url()).origin, module));
    allowProblems(problems, oldBuildGone);
  });
});
