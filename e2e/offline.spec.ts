import type { Page } from "@playwright/test";
import { allPages } from "../app/toys/registry";
import { expect, expectProblems, httpErrorLine, open, test } from "./fixtures";

test.use({ serviceWorkers: "allow" });

async function waitForServiceWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) =>
        navigator.serviceWorker.addEventListener("controllerchange", resolve, { once: true }),
      );
    }
  });
}

/**
 * The offline test loads every page (a full load from the service worker's cache, then hydration),
 * so its budget grows with the pages: 0.15 s each on a quiet machine, 0.5 s at 6x slower CPU.
 */
const PER_PAGE_MS = 2_000;

test.describe("offline", () => {
  test("after one visit, every page works offline", async ({ page, context }) => {
    test.setTimeout(15_000 + allPages.length * PER_PAGE_MS);
    await open(page, "/");
    await waitForServiceWorker(page);
    await context.setOffline(true);
    for (const entry of allPages) {
      await open(page, entry.path);
      await expect(page).toHaveURL(new RegExp(`${entry.path === "/" ? "/" : entry.path}$`));
      await expect(page.locator("main h1")).toBeVisible();
    }
    await context.setOffline(false);
  });

  test("offline, an unknown path shows the not-found page", async ({ page, context, problems }) => {
    await open(page, "/");
    await waitForServiceWorker(page);
    await context.setOffline(true);
    await open(page, "/somewhere/else");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("404");
    // The cached fallback keeps its honest 404 status, which the browser logs.
    await expectProblems(problems, [httpErrorLine("/somewhere/else")]);
    await context.setOffline(false);
  });

  test("the service worker leaves the API and the live channel to the network", async ({ page }) => {
    await open(page, "/bubble-wrap/together");
    await waitForServiceWorker(page);
    await page.reload();
    await expect(page.getByText("Live: every pop pops for everyone.")).toBeVisible();
    const answered = page.waitForResponse((response) => response.url().endsWith("/api/clicks"));
    await page.evaluate(() => fetch("/api/clicks"));
    const response = await answered;
    expect(response.fromServiceWorker()).toBe(false);
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  });

  test("the site is installable: a manifest with the project's own icons", async ({ request }) => {
    const manifest = await (await request.get("/manifest.webmanifest")).json();
    expect(manifest.name).toBe("Pointless Toys");
    expect(manifest.start_url).toBe("/");
    expect(manifest.display).toBe("standalone");
    const sizes = manifest.icons.map((icon: { sizes: string }) => icon.sizes);
    expect(sizes).toEqual(expect.arrayContaining(["192x192", "512x512"]));
    for (const icon of manifest.icons) {
      const response = await request.get(icon.src);
      expect(response.status(), icon.src).toBe(200);
    }
  });
});
