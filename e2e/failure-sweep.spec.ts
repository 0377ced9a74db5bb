import type { Page } from "@playwright/test";
import { crowdMood } from "../app/toys/clap/logic";
import { allPages, toys } from "../app/toys/registry";
import { uwuify } from "../app/toys/uwu/logic";
import { removeWebAudio } from "./audio-stub";
import { expect, expectProblemsLike, open, test } from "./fixtures";
import { blockStorage, fillStorage } from "./storage-stubs";
import { installPausedClock, liveIntervals, trackIntervals } from "./timers";

/**
 * The failure sweep: every page keeps working when the browser is hostile or broken, and never
 * leaks timers or DOM. (The `offsite` fixture also fails any test whose page calls another origin.)
 */
const paths = allPages.flatMap((entry) => [entry.path, ...(entry.subRoutes ?? []).flatMap((sub) => sub.prerender)]);

/**
 * A test that visits every page gets a budget per page: a client navigation takes about 0.08 s on
 * a quiet machine (one route chunk, one render), so this allows a machine ten times slower.
 */
const PER_PAGE_MS = 1_000;
const sweepBudget = (visits: number) => 10_000 + visits * PER_PAGE_MS;

/**
 * Opens the first page and then every other one inside the app, as a visitor browses: each page
 * mounts under the condition the test set up (the first one also hydrates under it). Each page is
 * loaded once, by the route-wide checks; reloading all of them here cost a full load per page.
 */
async function visitAll(page: Page) {
  const [first, ...rest] = paths;
  await open(page, first ?? "/");
  for (const path of rest) await clientNavigate(page, path);
}

/**
 * Navigates inside the app (no reload), so pages mount and unmount as they do for visitors, and
 * waits for the new page's heading: the shell remounts the page's wrapper on every path, so a
 * heading outside the marked old wrapper is the new page's.
 */
async function clientNavigate(page: Page, path: string) {
  await page.evaluate((to) => {
    document.querySelector("main > div")?.setAttribute("data-left", "");
    window.history.pushState({}, "", to);
    window.dispatchEvent(new PopStateEvent("popstate"));
  }, path);
  await expect(page).toHaveURL(new RegExp(`${path === "/" ? "/" : path}$`));
  await expect(page.locator("main > div:not([data-left]) h1")).toBeVisible();
}

test.describe("failure sweep", () => {
  test("storage that throws on every call: every page works, no console error", async ({ page }) => {
    test.setTimeout(sweepBudget(paths.length));
    await blockStorage(page);
    await visitAll(page);
  });

  test("storage that is full: every page works", async ({ page }) => {
    test.setTimeout(sweepBudget(paths.length));
    await fillStorage(page);
    await visitAll(page);
  });

  test("garbage in every key: every page works", async ({ page }) => {
    test.setTimeout(sweepBudget(paths.length));
    await page.addInitScript(() => {
      for (const key of [
        "uselessClicks",
        "personalUselessClicks",
        "toiletFlushes",
        "pointlessMuted",
        "pointlessPollVotes",
      ]) {
        localStorage.setItem(key, '{"not": "a number"}<script>');
      }
    });
    await visitAll(page);
  });

  test("a browser without the APIs newer than the supported ones (README: Which browsers): every page works, the first press counts", async ({
    page,
  }) => {
    test.setTimeout(sweepBudget(paths.length + 5));
    // What Safari or an older Firefox lacks and the site feature-tests: the Prioritized Task
    // Scheduling API (scheduler.yield, scheduler.postTask), requestIdleCallback, vibration and Web
    // Locks (e2e/engines/ runs the pages in WebKit, which has none of the first three).
    await page.addInitScript(() => {
      for (const name of ["scheduler", "requestIdleCallback", "cancelIdleCallback"]) {
        Reflect.deleteProperty(window, name);
      }
      for (const name of ["vibrate", "locks"]) {
        Reflect.deleteProperty(Navigator.prototype, name);
      }
    });
    await open(page, "/");
    expect(await page.evaluate(() => ["scheduler", "requestIdleCallback"].filter((name) => name in window))).toEqual(
      [],
    );
    // Its words change with each press: found by what it is.
    const button = page.locator("main button[data-early-press]");
    for (let i = 0; i < 3; i++) await button.click();
    await expect(page.locator("[data-early-count]")).toHaveText("3");
    await visitAll(page);
  });

  test("no Web Audio: every sound toy still plays, silently", async ({ page }) => {
    await removeWebAudio(page);
    // A paused clock: the throttles never reopen, so a click (the pointer arriving, then the
    // press) plays each toy exactly once.
    await installPausedClock(page);
    const soundToys: [path: string, zone: string, played: () => Promise<void>][] = [
      ["/", "main button", () => expect(page.getByText(/^Your clicks:/).locator("strong")).toHaveText("1")],
      [
        "/clap",
        "main button",
        async () => {
          const zone = page.getByRole("button", { name: /Applause zone/ });
          await expect(zone.getByText("1", { exact: true })).toBeVisible();
          await expect(zone).toContainText(crowdMood(1));
        },
      ],
      [
        "/air-guitar",
        "main button",
        () => expect(page.getByRole("button", { name: /Air guitar/ })).toContainText("1 strums of pure air"),
      ],
      [
        "/bubble-wrap",
        "main li button",
        () => expect(page.getByRole("status").first()).toContainText("Score: 1 / 100"),
      ],
    ];
    for (const [path, zone, played] of soundToys) {
      await open(page, path);
      await page.locator(zone).first().click();
      await played();
    }
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
    // React and React Router report the crash on the console, once each: that is the test working.
    await expectProblemsLike(problems, [
      /^console\.error: Error: This toy broke on purpose\n {4}at Broken /,
      /^console\.error: React Router caught the following error during render Error: This toy broke on purpose\n {4}at Broken /,
    ]);
  });

  test("hostile text in every input stays text", async ({ page }) => {
    const hostile = `<img src=x onerror="window.__pwned=1"><script>window.__pwned=1</script>"'><svg onload=window.__pwned=1>`;
    page.on("dialog", () => {
      throw new Error("a dialog opened");
    });
    // A voice that says nothing, so the name page always shows what it pronounces.
    await page.addInitScript(() => {
      Object.defineProperty(window, "SpeechSynthesisUtterance", { value: class {}, configurable: true });
      Object.defineProperty(window, "speechSynthesis", { value: { speak() {}, cancel() {} }, configurable: true });
    });
    // Checked on each page before the next one loads: a new page is a new window, and would
    // forget that script ran on the last one.
    const staysText = async (path: string) => {
      const made = page.locator("main img, main svg[onload], main script, main [onerror], main [onload]");
      expect(await made.count(), `${path}: elements made from the text`).toBe(0);
      expect(
        await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned),
        `${path}: script from the text ran`,
      ).toBeUndefined();
    };
    await open(page, "/boyfriend");
    await page.getByLabel("Message").fill(hostile);
    await page.getByLabel("Message").press("Enter");
    await expect(page.getByRole("log").getByRole("listitem").filter({ hasText: "You: " })).toHaveText(
      `You: ${hostile}`,
    );
    await staysText("/boyfriend");
    await open(page, "/uwu");
    await page.getByLabel("Your serious text").fill(hostile);
    await page.getByRole("button", { name: "Translate" }).click();
    // No "!" in it, so no emoticon is drawn: the translation is the same whatever the dice say.
    await expect(page.locator("output")).toHaveText(uwuify(hostile, () => 0));
    await staysText("/uwu");
    await open(page, "/name");
    await page.getByPlaceholder("Enter a name").fill(hostile);
    await page.getByRole("button", { name: "Pronounce It" }).click();
    await expect(page.getByRole("status")).toContainText(`“${hostile}”`);
    await staysText("/name");
  });

  test("visiting every page twice in one tab leaves no running interval and no growing DOM", async ({ page }) => {
    test.setTimeout(sweepBudget(2 * paths.length));
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
