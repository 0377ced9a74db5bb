import type { Page, Request } from "@playwright/test";
import { REQUEST_TIMEOUT_MS } from "../app/kit/live/request";
import { LEDGER_PREFIX } from "../app/toys/useless-button/click-ledger";
import { type ClicksSend, SEND_EVERY_MS } from "../contracts/clicks";
import { type CounterServer, startCounterServer, waitingInLedger } from "./counter-server";
import { test as base, expect, open, watchLayoutShifts } from "./fixtures";
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

/**
 * Opens the Useless Button and waits until the counter's network half (fetched once the page is
 * live) has asked the server for the total: from then on its sends are on the page's clock, so a
 * paused clock's runFor moves them. Before, runFor could pass while the code was still on its way.
 */
async function openCounter(page: Page): Promise<void> {
  await open(page, "/");
  await expect(globalCount(page)).toHaveText(/^\d/);
}

/** The sends the page posts, as the server received them. */
function watchSends(page: Page): ClicksSend[] {
  const sends: ClicksSend[] = [];
  page.on("request", (request: Request) => {
    if (request.method() === "POST" && request.url().endsWith("/api/clicks")) sends.push(request.postDataJSON());
  });
  return sends;
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

test("another visitor's clicks show while the page is open, without waiting for the next poll", async ({
  page,
  counter,
}) => {
  const polls: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "GET" && request.url().endsWith("/api/clicks")) polls.push(request.url());
  });
  const live = page.waitForEvent("websocket", (ws) => ws.url().includes("/api/live?topics=clicks"));
  await open(page, "/");
  const before = await counter.total();
  await expect(globalCount(page)).toHaveText(String(before));
  await live;
  await counter.add(7);
  // The live channel brings it in well under a second; the poll would take five.
  await expect(globalCount(page)).toHaveText(String(before + 7), { timeout: 3000 });
  expect(polls).toHaveLength(1);
});

test("clicks show at once and leave together two seconds later", async ({ page, counter }) => {
  const before = await counter.total();
  await installPausedClock(page);
  const sends = watchSends(page);
  await open(page, "/");
  await expect(globalCount(page)).toHaveText(String(before));
  for (let i = 0; i < 5; i++) await bigButton(page).click();
  await expect(globalCount(page)).toHaveText(String(before + 5));
  expect(sends).toEqual([]);
  await page.clock.runFor(SEND_EVERY_MS);
  await expect.poll(() => sends.length).toBe(1);
  expect(sends[0]).toMatchObject({ from: 0, to: 5 });
  await expect.poll(() => counter.total()).toBe(before + 5);
  // Confirmed: the badge shows the same number, now from the server.
  await expect(globalCount(page)).toHaveText(String(before + 5));
});

test("a send whose answer never came is sent again and counted once", async ({ page, counter, problems }) => {
  const before = await counter.total();
  await installPausedClock(page);
  const sends = watchSends(page);
  let lostOne = false;
  // The server counts the first send, but its answer is lost on the way back.
  await page.route("**/api/clicks", async (route) => {
    if (route.request().method() !== "POST" || lostOne) return route.continue();
    lostOne = true;
    await route.fetch();
    return route.abort("connectionreset");
  });
  await openCounter(page);
  for (let i = 0; i < 3; i++) await bigButton(page).click();
  await page.clock.runFor(SEND_EVERY_MS);
  await expect.poll(() => sends.length).toBe(1);
  await expect(globalBadge(page)).toContainText("(3 waiting)");
  // The next try sends the same clicks again; the server has them already and counts none.
  await page.clock.runFor(2 * SEND_EVERY_MS);
  await expect.poll(() => sends.length).toBe(2);
  expect(sends[1]).toEqual(sends[0]);
  await expect(globalBadge(page)).not.toContainText("waiting");
  await expect(globalCount(page)).toHaveText(String(before + 3));
  expect(await counter.total()).toBe(before + 3);
  await page.clock.runFor(4 * SEND_EVERY_MS);
  expect(sends).toHaveLength(2);
  // The lost answer is the one failure the browser reports.
  expect(problems).toEqual(["console.error: Failed to load resource: net::ERR_CONNECTION_RESET"]);
  problems.splice(0, problems.length);
});

test("a server that never answers does not stop the page from sending: the request gives up and tries again", async ({
  page,
  counter,
  problems,
}) => {
  const before = await counter.total();
  const sends = watchSends(page);
  let held = 0;
  // The first send hangs for ever, as behind a frozen proxy.
  await page.route("**/api/clicks", async (route) => {
    if (route.request().method() !== "POST" || held > 0) return route.continue();
    held++;
    await new Promise(() => {});
  });
  await installPausedClock(page);
  await openCounter(page);
  for (let i = 0; i < 2; i++) await bigButton(page).click();
  await page.clock.runFor(SEND_EVERY_MS);
  await expect.poll(() => sends.length).toBe(1);
  // After its deadline (8 s) the page gives up on that request and sends again.
  await page.clock.runFor(REQUEST_TIMEOUT_MS + 3 * SEND_EVERY_MS);
  await expect.poll(() => counter.total()).toBe(before + 2);
  await expect(globalBadge(page)).not.toContainText("waiting");
  problems.splice(0, problems.length);
});

test("offline, clicks wait on the device and go when the network is back", async ({ page, context, counter }) => {
  const before = await counter.total();
  await open(page, "/");
  // Muted, the clicks ask for no sound engine, which could not load offline (the suite runs
  // without the service worker that would have it).
  // The first press also fetches the time-wasted clock's code (its own chunk), and the page asks
  // for more once live (the site's whole stylesheet, the share button's code): all of it arrives
  // before the network goes (offline, those fetches would fail, harmlessly, with console errors).
  await page.getByRole("button", { name: "Mute sound" }).click();
  await page.waitForLoadState("networkidle");
  await context.setOffline(true);
  for (let i = 0; i < 4; i++) await bigButton(page).click();
  await expect(globalCount(page)).toHaveText(String(before + 4));
  await expect(globalBadge(page)).toContainText("(4 waiting)");
  expect(await counter.total()).toBe(before);
  await context.setOffline(false);
  await expect.poll(() => counter.total()).toBe(before + 4);
  await expect(globalBadge(page)).not.toContainText("waiting");
});

/**
 * Waits for the server's total to be `expected`; if it never is, the failure lists every counter
 * send the server logged since `mark`: none (never sent), or sent and what each counted.
 */
async function expectTotal(counter: CounterServer, expected: number, mark: number, timeout?: number) {
  try {
    await expect.poll(() => counter.total(), { timeout }).toBe(expected);
  } catch (error) {
    const sends = counter.sendsSince(mark);
    throw new Error(
      `${(error as Error).message}\nThe counter's sends since then, as the server logged them: ${
        sends.length ? `\n${sends.join("\n")}` : "none (never sent)"
      }`,
    );
  }
}

test("clicks not yet sent when the visitor leaves go with the page, and are confirmed on the next visit", async ({
  page,
  counter,
}) => {
  const before = await counter.total();
  await installPausedClock(page);
  await open(page, "/");
  await bigButton(page).click();
  await bigButton(page).click();
  // Leaving sends them at once (sendBeacon on pagehide), without waiting for the next send.
  const leaving = counter.mark();
  await page.goto("about:blank");
  await expectTotal(counter, before + 2, leaving);
  // The page never saw the answer, but noted that the clicks went by beacon: the next visit asks
  // the server what it has for that device before sending them again, and sends nothing.
  const sends = watchSends(page);
  const asked: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "GET" && request.url().includes("/api/clicks?device=")) asked.push(request.url());
  });
  await openCounter(page);
  await page.clock.runFor(SEND_EVERY_MS);
  await expect(globalCount(page)).toHaveText(String(before + 2));
  await expect.poll(() => waitingInLedger(page)).toBe(0);
  expect(await counter.total()).toBe(before + 2);
  expect(asked).toHaveLength(1);
  expect(sends).toEqual([]);
});

test("two tabs share one ledger: clicks in both while one of them leaves, none lost and none counted twice", async ({
  context,
  counter,
}) => {
  const before = await counter.total();
  const [leaving, staying] = [await context.newPage(), await context.newPage()];
  await open(leaving, "/");
  await open(staying, "/");
  // The leaving tab's beacon takes its time, so the other tab's clicks land while it is sent.
  await leaving.evaluate(() => {
    const send = navigator.sendBeacon.bind(navigator);
    navigator.sendBeacon = (url, data) => {
      const until = performance.now() + 300;
      while (performance.now() < until);
      return send(url, data);
    };
  });
  for (let i = 0; i < 3; i++) await bigButton(leaving).click();
  for (let i = 0; i < 2; i++) await bigButton(staying).click();
  const mark = counter.mark();
  const left = leaving.goto("about:blank");
  for (let i = 0; i < 4; i++) await bigButton(staying).click();
  await left;
  await expectTotal(counter, before + 9, mark, 15_000);
  await expect(globalBadge(staying)).not.toContainText("waiting");
  await expect.poll(() => waitingInLedger(staying)).toBe(0);
  expect(await counter.total()).toBe(before + 9);
});

test("clicks the first version of the counter never sent are carried over and counted", async ({ page, counter }) => {
  const before = await counter.total();
  await seedStorage(page, {
    globalClickQueue: JSON.stringify([
      { id: "old-batch-sent-0001", clicks: 4, sent: true },
      { id: "old-batch-open-0002", clicks: 3, sent: false },
    ]),
  });
  await installPausedClock(page);
  await openCounter(page);
  await bigButton(page).click();
  await page.clock.runFor(SEND_EVERY_MS);
  await expect.poll(() => counter.total()).toBe(before + 4);
  expect(await page.evaluate(() => localStorage.getItem("globalClickQueue"))).toBeNull();
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
  const layoutShift = await watchLayoutShifts(page);
  const before = await counter.total();
  await open(page, "/");
  await expect(globalBadge(page)).toContainText("Clicks on this device");
  // Layout shift as Lighthouse reports it (three decimals): 0.000. Before the badges were laid out
  // for both labels, the label change wrapped the row and scored 0.07.
  expect(await layoutShift()).toBeLessThan(0.0005);
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

const DAY = 24 * 60 * 60 * 1000;

/**
 * A ledger left by a page that closed with five clicks unconfirmed: it sent them by beacon as it
 * went (`beaconed`), at `at` by the page's clock, and never saw an answer.
 */
const beaconedLedger = (device: string, at: number) => ({
  [LEDGER_PREFIX + device]: JSON.stringify({ device, made: 5, acked: 0, at, beaconed: { to: 5, at } }),
});

test("clicks sent by beacon over a month ago, by a device the server has forgotten, are not counted again", async ({
  page,
  counter,
}) => {
  const before = await counter.total();
  // The server remembers a device for 30 days; this page's clock says the beacon left 31 days ago.
  // Its device is one the server does not know: if the beacon arrived, it was counted and
  // forgotten since, and the server cannot tell. Sending the clicks again could count them twice.
  const device = `beaconed-long-ago-${Date.now()}`;
  const beaconAt = Date.now();
  await seedStorage(page, beaconedLedger(device, beaconAt));
  await page.clock.install({ time: beaconAt + 31 * DAY });
  await page.clock.pauseAt(beaconAt + 31 * DAY + 60_000);
  const sends = watchSends(page);
  const mark = counter.mark();
  await openCounter(page);
  await page.clock.runFor(2 * SEND_EVERY_MS);
  await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), LEDGER_PREFIX + device)).toBeNull();
  expect(sends, `sends the server logged:\n${counter.sendsSince(mark).join("\n")}`).toEqual([]);
  expect(await counter.total()).toBe(before);
  await expect(globalCount(page)).toHaveText(String(before));
  await expect(globalBadge(page)).not.toContainText("waiting");
});

test("clicks sent by beacon recently, by a device the server does not know, never arrived: they are counted once", async ({
  page,
  counter,
}) => {
  const before = await counter.total();
  // An hour ago, well within the server's memory: had the beacon arrived, the device would be known.
  const device = `beaconed-lately-${Date.now()}`;
  await seedStorage(page, beaconedLedger(device, Date.now() - 60 * 60_000));
  await installPausedClock(page);
  const sends = watchSends(page);
  const mark = counter.mark();
  await openCounter(page);
  await page.clock.runFor(2 * SEND_EVERY_MS);
  await expectTotal(counter, before + 5, mark);
  await expect.poll(() => waitingInLedger(page)).toBe(0);
  expect(sends).toEqual([{ device, from: 0, to: 5 }]);
  await expect(globalCount(page)).toHaveText(String(before + 5));
});

test("a proxy's 502 page during a deploy keeps the global total, waiting, and the clicks go once the server is back", async ({
  page,
  counter,
  problems,
}) => {
  const before = await counter.total();
  await installPausedClock(page);
  const sends = watchSends(page);
  await open(page, "/");
  await expect(globalCount(page)).toHaveText(String(before));
  // The server is being replaced: the proxy in front answers with its own HTML error page, and asks
  // to be left alone for 30 s.
  let away = true;
  await page.route("**/api/clicks", (route) =>
    away
      ? route.fulfill({
          status: 502,
          contentType: "text/html",
          headers: { "Retry-After": "30" },
          body: "<html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1><hr>nginx</body></html>",
        })
      : route.continue(),
  );
  for (let i = 0; i < 2; i++) await bigButton(page).click();
  await page.clock.runFor(SEND_EVERY_MS);
  await expect.poll(() => sends.length).toBe(1);
  // Not "Clicks on this device": the site has a server, which is away for a moment.
  await expect(globalBadge(page)).toContainText("Global clicks");
  await expect(globalBadge(page)).toContainText("(2 waiting)");
  await expect(globalCount(page)).toHaveText(String(before + 2));
  // The next try waits as long as the proxy asked, then goes.
  await page.clock.runFor(20_000);
  expect(sends).toHaveLength(1);
  await expect(globalBadge(page)).toContainText("Global clicks");
  away = false;
  await page.clock.runFor(11_000);
  await expect.poll(() => counter.total()).toBe(before + 2);
  expect(sends).toHaveLength(2);
  await expect(globalBadge(page)).not.toContainText("waiting");
  await expect(globalCount(page)).toHaveText(String(before + 2));
  // The browser reports each of the proxy's answers; nothing else went wrong.
  expect(problems.filter((line) => !line.includes("the server responded with a status of 502 (Bad Gateway)"))).toEqual(
    [],
  );
  problems.splice(0, problems.length);
});
