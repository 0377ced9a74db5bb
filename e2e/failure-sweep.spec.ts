import type { Page } from "@playwright/test";
import { allPages, toys } from "../app/toys/registry";
import { removeWebAudio } from "./audio-stub";
import { expect, open, test } from "./fixtures";
import { blockStorage, fillStorage } from "./storage-stubs";
import { liveIntervals, trackIntervals } from "./timers";

/**
 * The failure sweep: every page keeps working when the browser is hostile or broken, and never
 * leaks timers or DOM. (The `offsite` fixture also fails any test whose page calls another origin.)
 */
const paths = allPages.flatMap((entry) => [entry.path, ...(entry.subRoutes ?? []).flatMap((sub) => sub.prerender)]);

async function visitAll(page: Page) {
  for (const path of paths) {
    await open(page, path);
    await expect(page.locator("main h1")).toBeVisible();
  }
}

/** Navigates inside the app (no reload), so pages mount and unmount as they do for visitors. */
async function clientNavigate(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState({}, "", to);
    window.dispatchEvent(new PopStateEvent("popstate"));
  }, path);
  await expect(page).toHaveURL(new RegExp(`${path === "/" ? "/" : path}$`));
  await expect(page.locator("main h1")).toBeVisible();
}

test.describe("failure sweep", () => {
  test.setTimeout(120_000);

  test("storage that throws on every call: every page works, no console error", async ({ page }) => {
    await blockStorage(page);
    await visitAll(page);
  });

  test("storage that is full: every page works", async ({ page }) => {
    await fillStorage(page);
    await visitAll(page);
  });

  test("garbage in every key: every page works", async ({ page }) => {
    await page.addInitScript(() => {
      for (const key of ["uselessClicks", "personalUselessClicks", "toiletFlushes", "pointlessMuted"]) {
        localStorage.setItem(key, '{"not": "a number"}<script>');
      }
    });
    await visitAll(page);
  });

  test("no Web Audio: every sound toy still plays, silently", async ({ page }) => {
    await removeWebAudio(page);
    for (const [path, zone] of [
      ["/", "main button"],
      ["/clap", "main button"],
      ["/air-guitar", "main button"],
      ["/bubble-wrap", "main li button"],
    ] as const) {
      await open(page, path);
      await page.locator(zone).first().click();
    }
    await expect(page.getByRole("status").first()).toContainText("Score: 1 / 100");
  });

  test("a toy that throws while rendering gets an apology inside the layout, and the menu still works", async ({
    page,
    problems,
  }) => {
    await open(page, "/");
    const module = await page.evaluate(
      () =>
        (window as unknown as { __reactRouterManifest: { routes: Record<string, { module: string }> } })
          .__reactRouterManifest.routes["toys/cool/route"]?.module,
    );
    expect(module).toBeTruthy();
    await page.route(`**${module}`, (route) =>
      route.fulfill({
        contentType: "text/javascript",
        body: 'export default function Broken() { throw new Error("This toy broke on purpose"); }',
      }),
    );
    await page.getByRole("button", { name: "Menu" }).click();
    await page.getByRole("link", { name: "Cool Quiz" }).click();
    await expect(page.getByRole("alert")).toContainText("This toy broke itself");
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
    await page.getByRole("button", { name: "Menu" }).click();
    await page.getByRole("link", { name: "Useless Button" }).click();
    await expect(page.getByRole("heading", { name: "The Useless Button" })).toBeVisible();
    // React reports the crash on the console: that is the test working.
    expect(problems.some((p) => p.includes("This toy broke on purpose"))).toBe(true);
    problems.splice(0, problems.length);
  });

  test("hostile text in every input stays text", async ({ page }) => {
    const hostile = `<img src=x onerror="window.__pwned=1"><script>window.__pwned=1</script>"'><svg onload=window.__pwned=1>`;
    page.on("dialog", () => {
      throw new Error("a dialog opened");
    });
    await open(page, "/boyfriend");
    await page.getByLabel("Message").fill(hostile);
    await page.getByLabel("Message").press("Enter");
    await expect(page.getByRole("log").getByText(hostile)).toBeVisible();
    await open(page, "/uwu");
    await page.getByLabel("Your serious text").fill(hostile);
    await page.getByRole("button", { name: "Translate" }).click();
    await expect(page.locator("output")).toContainText("<img");
    await open(page, "/name");
    await page.getByPlaceholder("Enter a name").fill(hostile);
    await page.getByRole("button", { name: "Pronounce It" }).click();
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await page.locator("main img, main svg[onload], main script").count()).toBe(0);
  });

  test("visiting every page twice in one tab leaves no running interval and no growing DOM", async ({ page }) => {
    await trackIntervals(page);
    await open(page, "/");
    const counts: number[] = [];
    for (let round = 0; round < 2; round++) {
      for (const path of paths.filter((p) => p !== "/")) await clientNavigate(page, path);
      await clientNavigate(page, "/");
      expect(await liveIntervals(page), `intervals after round ${round + 1}`).toBe(0);
      counts.push(await page.evaluate(() => document.getElementsByTagName("*").length));
    }
    expect(counts[1]).toBe(counts[0]);
    expect(toys.length).toBeGreaterThan(30);
  });
});
