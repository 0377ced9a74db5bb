import { LEDGER_PREFIX } from "../app/toys/useless-button/click-ledger";
import { SEND_EVERY_MS } from "../contracts/clicks";
import { bigButton, expectTotal, globalBadge, globalCount, openCounter, test, watchSends } from "./counter-page";
import { waitingInLedger } from "./counter-server";
import { expect, httpErrorLine, open, watchLayoutShifts } from "./fixtures";
import { seedStorage } from "./storage-stubs";
import { installPausedClock } from "./timers";

/**
 * The Useless Button's clicks kept on the device: left by a page that went, shared by two tabs,
 * left by an older version, sent by beacon; and a host or proxy without the counter service. One
 * page after another (e2e/counter-page.ts): each test's totals build on the last one's.
 */
test.describe.configure({ mode: "serial" });

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
  expect(new Set(problems)).toEqual(new Set([httpErrorLine("/api/clicks")]));
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
  expect(new Set(problems)).toEqual(new Set([httpErrorLine("/api/clicks", "502 (Bad Gateway)")]));
  problems.splice(0, problems.length);
});
