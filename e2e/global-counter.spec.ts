import { REQUEST_TIMEOUT_MS } from "../app/kit/live/request";
import { type ClicksSend, SEND_EVERY_MS } from "../contracts/clicks";
import { bigButton, globalBadge, globalCount, openCounter, test, watchSends } from "./counter-page";
import { expect, expectProblems, networkErrorLine, open } from "./fixtures";
import { installPausedClock } from "./timers";

/**
 * The Useless Button's global counter with its server: the real total, live; clicks sent two
 * seconds later, again when an answer never came, and when the network is back. One page after
 * another (e2e/counter-page.ts): each test's totals build on the last one's.
 */
test.describe.configure({ mode: "serial" });

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
  await expectProblems(problems, [networkErrorLine("/api/clicks", "net::ERR_CONNECTION_RESET")]);
});

test("while a send's answer is lost, the total that holds its clicks comes live and the badge shows them once", async ({
  page,
  counter,
  problems,
}) => {
  // Issue 57: across a rolling restart a badge read one click more than was ever made.
  const before = await counter.total();
  let posts = 0;
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/api/clicks", async (route) => {
    if (route.request().method() !== "POST") return route.continue();
    // The first send is counted and its answer lost; the next ones wait until the badge is read.
    if (++posts === 1) {
      await route.fetch();
      return route.abort("connectionreset");
    }
    await released;
    // The page may have given up on it meanwhile (its deadline): then there is nothing to continue.
    return route.continue().catch(() => {});
  });
  const live = page.waitForEvent("websocket", (ws) => ws.url().includes("/api/live?topics=clicks"));
  await openCounter(page);
  await expect(globalCount(page)).toHaveText(String(before));
  const channel = await live;
  // Every number the badge shows from here on.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { badgeSeen: string[] }).badgeSeen = seen;
    const strong = [...document.querySelectorAll("strong")].find((node) =>
      /^(Global clicks|Clicks on this device):/.test(node.parentElement?.textContent ?? ""),
    );
    if (!strong) throw new Error("no badge");
    new MutationObserver(() => seen.push(strong.textContent ?? "")).observe(strong, {
      characterData: true,
      childList: true,
      subtree: true,
    });
  });
  const heard: number[] = [];
  channel.on("framereceived", ({ payload }) => {
    const total = /"total":(\d+)/.exec(String(payload))?.[1];
    if (total) heard.push(Number(total));
  });
  const sends = watchSends(page);
  for (let i = 0; i < 3; i++) await bigButton(page).click();
  // The first send holds the three clicks, or fewer on a slow machine (the others wait in the page).
  await expect.poll(() => sends.length).toBeGreaterThan(0);
  const first = sends[0] as ClicksSend;
  await expect.poll(() => heard).toContain(before + first.to - first.from);
  await expect(globalBadge(page)).toContainText("(3 waiting)");
  await expect(globalCount(page)).toHaveText(String(before + 3));
  expect(await counter.total()).toBe(before + first.to - first.from);
  release();
  await expect(globalBadge(page)).not.toContainText("waiting");
  await expect(globalCount(page)).toHaveText(String(before + 3));
  expect(await counter.total()).toBe(before + 3);
  const seen = await page.evaluate(() => (window as unknown as { badgeSeen: string[] }).badgeSeen);
  expect(seen.length).toBeGreaterThan(0);
  expect(seen.filter((text) => Number(text) > before + 3)).toEqual([]);
  await expectProblems(problems, [networkErrorLine("/api/clicks", "net::ERR_CONNECTION_RESET")]);
});

test("a server that never answers does not stop the page from sending: the request gives up and tries again", async ({
  page,
  counter,
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
