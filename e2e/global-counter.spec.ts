import type { Page, Request } from "@playwright/test";
import { SEND_EVERY_MS } from "../app/toys/useless-button/click-queue";
import { type CounterServer, startCounterServer } from "./counter-server";
import { test as base, expect, open } from "./fixtures";
import { seedStorage } from "./storage-stubs";
import { installPausedClock } from "./timers";

/**
 * The Useless Button's global counter against a real server with a counter of its own (so totals
 * are exact while the rest of the suite clicks elsewhere), SQLite behind it.
 */
const test = base.extend<{ counter: CounterServer }, { server: CounterServer }>({
  server: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature
    async ({}, use) => {
      const server = await startCounterServer();
      await use(server);
      await server.stop();
    },
    { scope: "worker" },
  ],
  counter: async ({ server }, use) => use(server),
  baseURL: async ({ server }, use) => use(server.origin),
});

// One page after another: each test's totals build on the last one's.
test.describe.configure({ mode: "serial" });

const bigButton = (page: Page) => page.getByRole("main").getByRole("button").first();
const globalBadge = (page: Page) => page.getByText(/^(Global clicks|Clicks on this device):/);
const globalCount = (page: Page) => globalBadge(page).locator("strong");

/** The batches the page posts, as the server received them. */
function watchBatches(page: Page): { batch: string; clicks: number }[] {
  const batches: { batch: string; clicks: number }[] = [];
  page.on("request", (request: Request) => {
    if (request.method() === "POST" && request.url().endsWith("/api/clicks")) batches.push(request.postDataJSON());
  });
  return batches;
}

test("the first visit shows the real global total, which counts another visitor's clicks", async ({
  page,
  counter,
}) => {
  await counter.add(40);
  const before = await counter.total();
  await open(page, "/");
  await expect(globalBadge(page)).toContainText("Global clicks");
  await expect(globalCount(page)).toHaveText(String(before));
});

test("clicks show at once and leave in one batch two seconds later", async ({ page, counter }) => {
  const before = await counter.total();
  await installPausedClock(page);
  const batches = watchBatches(page);
  await open(page, "/");
  await expect(globalCount(page)).toHaveText(String(before));
  for (let i = 0; i < 5; i++) await bigButton(page).click();
  await expect(globalCount(page)).toHaveText(String(before + 5));
  expect(batches).toEqual([]);
  await page.clock.runFor(SEND_EVERY_MS);
  await expect.poll(() => batches.length).toBe(1);
  expect(batches[0]?.clicks).toBe(5);
  await expect.poll(() => counter.total()).toBe(before + 5);
  // Confirmed: the badge shows the same number, now from the server.
  await expect(globalCount(page)).toHaveText(String(before + 5));
});

test("a batch whose answer never came is asked about, not counted twice", async ({ page, counter, problems }) => {
  const before = await counter.total();
  await installPausedClock(page);
  const batches = watchBatches(page);
  const asked: string[] = [];
  page.on("request", (request) => {
    const batch = new URL(request.url()).searchParams.get("batch");
    if (request.method() === "GET" && batch) asked.push(batch);
  });
  let lostOne = false;
  // The server counts the first batch, but its answer is lost on the way back.
  await page.route("**/api/clicks", async (route) => {
    if (route.request().method() !== "POST" || lostOne) return route.continue();
    lostOne = true;
    await route.fetch();
    return route.abort("connectionreset");
  });
  await open(page, "/");
  for (let i = 0; i < 3; i++) await bigButton(page).click();
  await page.clock.runFor(SEND_EVERY_MS);
  await expect.poll(() => batches.length).toBe(1);
  await expect(globalBadge(page)).toContainText("(3 waiting)");
  // The next try asks whether that batch was counted (it was) instead of sending it again.
  await page.clock.runFor(4 * SEND_EVERY_MS);
  await expect.poll(() => asked).toEqual([batches[0]?.batch]);
  await expect(globalBadge(page)).not.toContainText("waiting");
  await expect(globalCount(page)).toHaveText(String(before + 3));
  expect(await counter.total()).toBe(before + 3);
  await page.clock.runFor(4 * SEND_EVERY_MS);
  expect(batches).toHaveLength(1);
  // The lost answer is the one failure the browser reports.
  expect(problems).toEqual(["console.error: Failed to load resource: net::ERR_CONNECTION_RESET"]);
  problems.splice(0, problems.length);
});

test("offline, clicks wait on the device and go when the network is back", async ({ page, context, counter }) => {
  const before = await counter.total();
  await open(page, "/");
  // Muted, the clicks ask for no sound engine, which could not load offline (the suite runs
  // without the service worker that would have it).
  // The first press also fetches the time-wasted clock's code (two chunks): it arrives before the
  // network goes (offline, its fetch would fail, harmlessly, but with a console error).
  const tracker = ["time-tracker", "time-wasted"].map((name) =>
    page.waitForResponse(new RegExp(`/assets/${name}-[\\w-]+\\.js$`)),
  );
  await page.getByRole("button", { name: "Mute sound" }).click();
  await Promise.all(tracker);
  await context.setOffline(true);
  for (let i = 0; i < 4; i++) await bigButton(page).click();
  await expect(globalCount(page)).toHaveText(String(before + 4));
  await expect(globalBadge(page)).toContainText("(4 waiting)");
  expect(await counter.total()).toBe(before);
  await context.setOffline(false);
  await expect.poll(() => counter.total()).toBe(before + 4);
  await expect(globalBadge(page)).not.toContainText("waiting");
});

test("clicks not yet sent when the visitor leaves go with the page, and wait for the next visit if lost", async ({
  page,
  counter,
}) => {
  const before = await counter.total();
  await installPausedClock(page);
  await open(page, "/");
  await bigButton(page).click();
  await bigButton(page).click();
  // Leaving sends them at once (sendBeacon on pagehide), without waiting for the next batch.
  await page.goto("about:blank");
  await expect.poll(() => counter.total()).toBe(before + 2);
  // The next visit finds the queue, sends it again, and the server counts nothing twice.
  await open(page, "/");
  await page.clock.runFor(SEND_EVERY_MS);
  await expect(globalCount(page)).toHaveText(String(before + 2));
  await expect.poll(() => page.evaluate(() => localStorage.getItem("globalClickQueue"))).toBe("[]");
  expect(await counter.total()).toBe(before + 2);
});

test("on a host without the counter service, the badge says it counts this device", async ({
  page,
  counter,
  problems,
}) => {
  // A static host answers /api/clicks with its 404 page.
  await page.route("**/api/clicks", (route) =>
    route.fulfill({ status: 404, contentType: "text/html", body: "<h1>Not found</h1>" }),
  );
  await seedStorage(page, { uselessClicks: "12" });
  // On a phone, where the badges are stacked: the label changing after the first paint moves nothing.
  await page.setViewportSize({ width: 412, height: 823 });
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { __shifts: number[] }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) shifts.push((entry as unknown as { value: number }).value);
    }).observe({ type: "layout-shift", buffered: true });
  });
  const before = await counter.total();
  await open(page, "/");
  await expect(globalBadge(page)).toContainText("Clicks on this device");
  // Layout shift as Lighthouse reports it (three decimals): 0.000. Before the badges were laid out
  // for both labels, the label change wrapped the row and scored 0.07.
  const shifts = await page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts);
  expect(shifts.reduce((sum, value) => sum + value, 0)).toBeLessThan(0.0005);
  await expect(globalCount(page)).toHaveText("12");
  await bigButton(page).click();
  await expect(globalCount(page)).toHaveText("13");
  expect(await counter.total()).toBe(before);
  // The browser reports the host's 404: that is how the page learns there is no service.
  expect(new Set(problems)).toEqual(
    new Set(["console.error: Failed to load resource: the server responded with a status of 404 (Not Found)"]),
  );
  problems.splice(0, problems.length);
});
