import type { Page } from "@playwright/test";
import { expect, open, test, waitForHydration } from "./fixtures";
import { deployNextBuild, isFailedLoad, SHELL_CHUNK, throttleLikeAPhone } from "./network";

/**
 * How a page starts (scripts/build/bootstrap.ts): live soon after it paints, no click lost on the
 * way, and never dead for good when a file fails to load.
 */

const bigButton = (page: Page) => page.getByRole("main").getByRole("button").first();
const personalCount = (page: Page) => page.getByText(/^Your clicks:/).locator("strong");
const isLive = (page: Page) => page.evaluate(() => document.documentElement.dataset.hydrated === "true");

/** Drops the console lines of the failures a test caused on purpose; anything else still fails it. */
const forgiveFailedLoads = (problems: string[]) =>
  problems.splice(0, problems.length, ...problems.filter((p) => !isFailedLoad(p)));

/** Holds the page's shared chunk (so React cannot start) until the returned function is called. */
async function holdShellChunk(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(SHELL_CHUNK, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test.describe("before the page is live", () => {
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

  test("a click on the menu button before the page is live opens the menu once it is", async ({ page }) => {
    const clicked = await holdShellChunk(page);
    await page.goto("/hi", { waitUntil: "commit" });
    const menu = page.getByRole("button", { name: "Menu" });
    await menu.click();
    clicked();
    await waitForHydration(page);
    await expect(menu).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByRole("navigation", { name: "All pages" }).getByRole("link")).not.toHaveCount(0);
  });
});

test.describe("when a file fails to load", () => {
  test("a chunk that fails twice is fetched again, and the page goes live", async ({ page, problems }) => {
    let failures = 0;
    await page.route(SHELL_CHUNK, (route) => (++failures <= 2 ? route.abort() : route.continue()));
    await open(page, "/");
    expect(failures).toBeGreaterThan(2);
    await bigButton(page).click();
    await expect(personalCount(page)).toHaveText("1");
    forgiveFailedLoads(problems);
  });

  test("a chunk that never loads: the page reloads itself once, then says so and offers to try again", async ({
    page,
    problems,
  }) => {
    let documents = 0;
    page.on("request", (request) => {
      if (request.resourceType() === "document") documents++;
    });
    await page.route(SHELL_CHUNK, (route) => route.abort());
    await page.goto("/");
    const alert = page.getByRole("alert").filter({ hasText: "could not finish loading" });
    await expect(alert).toBeVisible({ timeout: 20_000 });
    // One reload, then no more: the message is only shown when the page decides not to reload.
    expect(documents).toBe(2);
    await expect(alert.getByRole("button", { name: "Try again" })).toBeVisible();
    // The painted page is still there to read.
    await expect(page.getByRole("heading", { name: "The Useless Button" })).toBeVisible();
    forgiveFailedLoads(problems);
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
    await page.route(SHELL_CHUNK, (route) => route.abort());
    await page.goto("/hi");
    await expect(page.getByRole("alert").filter({ hasText: "could not finish loading" })).toBeVisible({
      timeout: 20_000,
    });
    expect(documents).toBe(2);
    forgiveFailedLoads(problems);
  });
});

test.describe("a tab open while the site is deployed again", () => {
  test("the menu reloads into the new build and then lists every page", async ({ page, problems }) => {
    await open(page, "/");
    await page.evaluate(() => {
      (window as unknown as { __oldTab: boolean }).__oldTab = true;
    });
    await deployNextBuild(page);
    // The old build's menu chunk is gone: the page reloads into the new build.
    const reloaded = page.waitForEvent("load");
    await page.getByRole("button", { name: "Menu" }).click();
    await reloaded;
    expect(await page.evaluate(() => (window as unknown as { __oldTab?: boolean }).__oldTab ?? false)).toBe(false);
    await waitForHydration(page);
    await page.getByRole("button", { name: "Menu" }).click();
    const links = page.getByRole("navigation", { name: "All pages" }).getByRole("link");
    await expect(links.filter({ hasText: "Screaming Bubbles" })).toBeVisible();
    await links.filter({ hasText: "Screaming Bubbles" }).click();
    await expect(page).toHaveURL(/\/bubble-wrap$/);
    await page.getByRole("button", { name: "Bubble 1", exact: true }).click();
    await expect(page.getByRole("status").first()).toContainText("Score: 1 / 100");
    forgiveFailedLoads(problems);
  });

  test("following a link reloads into the new build, which keeps working", async ({ page, problems }) => {
    await open(page, "/");
    await page.getByRole("button", { name: "Menu" }).click();
    const bubbles = page
      .getByRole("navigation", { name: "All pages" })
      .getByRole("link", { name: "Screaming Bubbles" });
    await expect(bubbles).toBeVisible();
    await deployNextBuild(page);
    // The old build's page chunk is gone: React Router says so and reloads the page, now from the
    // new build.
    const reloaded = page.waitForEvent("load");
    await bubbles.click();
    await reloaded;
    const navigation = () => (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming).type;
    expect(await page.evaluate(navigation)).toBe("reload");
    await waitForHydration(page);
    expect(problems.some((p) => p.includes("Error loading route module"))).toBe(true);
    await page.getByRole("button", { name: "Menu" }).click();
    await page.getByRole("navigation", { name: "All pages" }).getByRole("link", { name: "Screaming Bubbles" }).click();
    await expect(page).toHaveURL(/\/bubble-wrap$/);
    await page.getByRole("button", { name: "Bubble 1", exact: true }).click();
    await expect(page.getByRole("status").first()).toContainText("Score: 1 / 100");
    forgiveFailedLoads(problems);
  });
});
