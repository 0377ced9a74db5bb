import type { Page } from "@playwright/test";
import { recordSounds, soundsPlayed, withoutUserActivation } from "./audio-stub";
import { allConfirmed, clap, clappingNow, count, LIVE, serverTotal, total, visitor, zone } from "./clap-crowd";
import { expect, expectProblems, httpErrorLine, open, watchLayoutShifts } from "./fixtures";
import { holdTheLine, liveAgainWithin } from "./live-line";
import { withPrivateServer } from "./private-server";

/**
 * Aggressive Claps with the crowd, against a server of its own and a data folder nobody else
 * touches (every visitor in these tests claps into the same total). Servers started for one test
 * (killed, or two on one Redis): clap-together-servers.spec.ts.
 */
const test = withPrivateServer("claps");

// The total is shared: each test builds on what the last one left.
test.describe.configure({ mode: "serial" });

test("a visitor's claps reach another visitor within 2 s, a newcomer sees the total, and nothing moves", async ({
  page,
  browser,
  baseURL,
}) => {
  // Visitors who have not pressed anything yet (as on a cold visit: the line about sound stays), so
  // whatever moves is the crowd's doing.
  await withoutUserActivation(page);
  const shifts = await watchLayoutShifts(page);
  await page.clock.install();
  await open(page, "/clap");
  await expect(page.getByText(LIVE)).toBeVisible();
  const start = await serverTotal(page);
  await expect(total(page)).toHaveText(count(start));
  // The numbers arrived into room kept for them.
  expect(await shifts()).toBe(0);
  let otherShifts = async () => 0;
  const other = await visitor(browser, baseURL as string, async (p) => {
    await withoutUserActivation(p);
    otherShifts = await watchLayoutShifts(p);
  });
  // The page's own claps show at once, in the total as its own, on their way: watched from before
  // the first press, as on a busy machine they can be confirmed before the presses are done.
  const onTheWay = page.getByText(/Including \d of yours on the way/).waitFor({ state: "visible" });
  await clap(page, 5);
  await onTheWay;
  await expect(total(other.page)).toHaveText(count(start + 5), { timeout: 2000 });
  await expect(clappingNow(other.page)).toHaveText("1");
  await allConfirmed(page);
  await expect(total(page)).toHaveText(count(start + 5));
  expect(await serverTotal(page)).toBe(start + 5);
  const newcomer = await visitor(browser, baseURL as string);
  await expect(total(newcomer.page)).toHaveText(count(start + 5));
  // Nobody has clapped for five seconds: nobody is clapping now.
  await expect(clappingNow(newcomer.page)).toHaveText("0", { timeout: 10_000 });
  // The other visitor saw the crowd arrive and change, and nothing on its page moved.
  await expect(clappingNow(other.page)).toHaveText("0");
  expect(await otherShifts()).toBe(0);
  await other.close();
  await newcomer.close();
});

test("the crowd is heard: others' claps play as applause, never before a first press, never when muted", async ({
  page,
  browser,
  baseURL,
}) => {
  await recordSounds(page);
  await open(page, "/clap");
  await expect(page.getByText(LIVE)).toBeVisible();
  // A press that is not a clap (the heading), so the browser lets the page play sound.
  await page.getByRole("heading", { level: 1 }).click();
  const asleep = await visitor(browser, baseURL as string, async (p) => {
    await recordSounds(p);
    await withoutUserActivation(p);
  });
  const clapper = await visitor(browser, baseURL as string);
  const start = await serverTotal(page);

  await clap(clapper.page, 6);
  await expect(total(page)).toHaveText(count(start + 6));
  // At most one burst per clap heard, and this visitor made none of its own.
  await expect.poll(async () => (await soundsPlayed(page)).length).toBeGreaterThan(0);
  const heard = (await soundsPlayed(page)).length;
  expect(heard).toBeLessThanOrEqual(6);
  expect((await soundsPlayed(page)).every((s) => s.kind === "noise")).toBe(true);
  await expect(zone(page).getByText(/^\d+$/)).toHaveText("0");
  // Before any press, the browser keeps the page silent, and the crowd too.
  await expect(total(asleep.page)).toHaveText(count(start + 6));
  expect(await soundsPlayed(asleep.page)).toEqual([]);

  // Muted: the total climbs, silently.
  await page.getByRole("button", { name: "Mute sound" }).click();
  const before = (await soundsPlayed(page)).length;
  await clap(clapper.page, 4);
  await expect(total(page)).toHaveText(count(start + 10));
  // The crowd's bursts are played within 100 ms of the news: half a second to be wrong in (no event says
  // "nothing was played").
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 500)));
  expect((await soundsPlayed(page)).length).toBe(before);
  await clapper.close();
  await asleep.close();
});

/**
 * The page's channel passes through the test, which can cut it (`drop`), keep the server away
 * (`away`: new channels are refused, `refused` of them) and swallow the server's answers to claps (`swallowOks`).
 */
async function cuttableChannel(page: Page) {
  const state = { away: false, refused: 0, swallowOks: false, swallowed: 0, claps: [] as string[], drop: () => {} };
  await page.routeWebSocket(/\/api\/live/, (ws) => {
    if (state.away) {
      state.refused++;
      return ws.close({ code: 1006 });
    }
    const server = ws.connectToServer();
    ws.onMessage((message) => {
      if (typeof message === "string" && message.includes('"t":"clap"')) state.claps.push(message);
      server.send(message);
    });
    server.onMessage((message) => {
      if (state.swallowOks && typeof message === "string" && message.includes('"t":"ok"')) {
        state.swallowed++;
        return;
      }
      ws.send(message);
    });
    state.drop = () => {
      server.close();
      ws.close();
    };
  });
  return state;
}

test("a visitor whose connection drops catches up on the total when it is back", async ({ page, browser, baseURL }) => {
  const channel = await cuttableChannel(page);
  await open(page, "/clap");
  await expect(page.getByText(LIVE)).toBeVisible();
  channel.away = true;
  channel.drop();
  await expect(page.getByText(/^Reconnecting/)).toBeVisible();
  const other = await visitor(browser, baseURL as string);
  const start = await serverTotal(page);
  await clap(other.page, 4);
  await allConfirmed(other.page);
  channel.away = false;
  await expect(page.getByText(LIVE)).toBeVisible({ timeout: liveAgainWithin(channel.refused) });
  await expect(total(page)).toHaveText(count(start + 4));
  await other.close();
});

test("claps sent again after a reconnect, their answer lost, are counted once", async ({ page }) => {
  const channel = await cuttableChannel(page);
  await page.clock.install();
  await open(page, "/clap");
  await expect(page.getByText(LIVE)).toBeVisible();
  const start = await serverTotal(page);
  channel.swallowOks = true;
  await clap(page, 7);
  // The server counted them, and its answers never reached the page: one batch, or two when the
  // presses spanned a send window (a busy machine).
  await expect.poll(() => serverTotal(page)).toBe(start + 7);
  const batches = () =>
    channel.claps.map((text) => {
      const { page: from, batch, count } = JSON.parse(text) as { page: string; batch: number; count: number };
      return { from, batch, count };
    });
  await expect.poll(() => channel.swallowed).toBe(channel.claps.length);
  const first = batches();
  expect(first.reduce((sum, b) => sum + b.count, 0)).toBe(7);
  expect(new Set(first.map((b) => b.from)).size).toBe(1);
  await expect(page.getByText("Including 7 of yours on the way.")).toBeVisible();
  channel.swallowOks = false;
  channel.drop();
  await expect(page.getByText(LIVE)).toBeVisible({ timeout: 15_000 });
  await allConfirmed(page);
  // The same batches went twice, from the same page with the same numbers, and count once.
  expect(batches()).toEqual([...first, ...first]);
  expect(await serverTotal(page)).toBe(start + 7);
  await expect(total(page)).toHaveText(count(start + 7));
});

test("without the server or a connection, the page claps alone and says so, with no invented crowd", async ({
  page,
  context,
  problems,
}) => {
  // A static host: the API is its 404 page, and there is no channel.
  (await holdTheLine(page, { statePath: "/api/claps" })).away = true;
  await open(page, "/clap");
  await expect(
    page.getByText("The crowd needs the site's own server, and this copy of the site has none: you clap alone."),
  ).toBeVisible();
  await expect(total(page)).toHaveText("—");
  await expect(clappingNow(page)).toHaveText("—");
  await zone(page).focus();
  // The first clap fetches the sound's code; it is in the browser's cache before this page goes, as
  // for a visitor who clapped before the network went (offline below, a fetch would fail).
  const soundCode = page.waitForResponse((response) => /\/assets\/engine-[\w-]+\.js$/.test(response.url()));
  await page.keyboard.press("Enter");
  await expect(zone(page).getByText("1", { exact: true })).toBeVisible();
  await expect(total(page)).toHaveText("—");
  await expect(page.getByText(/of yours on the way/)).toHaveCount(0);
  await (await soundCode).finished();
  await page.close();
  // The static host is asked once, when the channel first fails to open; its 404 is the browser's
  // to report. (The refused channel is the test's route: the browser reports nothing of it.)
  await expectProblems(problems, [httpErrorLine("/api/claps")]);

  // Offline, on the real server: the page says so; the claps wait, and join the crowd once it is back.
  const online = await context.newPage();
  const channel = await cuttableChannel(online);
  await open(online, "/clap");
  await expect(online.getByText(LIVE)).toBeVisible();
  const start = await serverTotal(online);
  // The network goes, and with it the open channel (Chromium's emulation keeps open sockets).
  await context.setOffline(true);
  channel.drop();
  await expect(online.getByText(/^You are offline\. The crowd needs a connection/)).toBeVisible();
  await expect(clappingNow(online)).toHaveText("—");
  await zone(online).focus();
  await online.keyboard.press("Enter");
  await expect(zone(online).getByText("1", { exact: true })).toBeVisible();
  await expect(online.getByText("Including 1 of yours on the way.")).toBeVisible();
  expect(await serverTotal(online)).toBe(start);
  await context.setOffline(false);
  await expect(online.getByText(LIVE)).toBeVisible({ timeout: 15_000 });
  await allConfirmed(online);
  expect(await serverTotal(online)).toBe(start + 1);
  await online.close();
});

test("bad input is refused with a reason, a flood is told to wait, and nothing else is stored", async ({ page }) => {
  await open(page, "/clap");
  await expect(page.getByText(LIVE)).toBeVisible();
  const start = await serverTotal(page);
  const answers = await page.evaluate(async () => {
    const clap = (n: number, batch: number, count: unknown) =>
      JSON.stringify({ topic: "claps", t: "clap", n, page: "bad-input-page-0001", batch, count });
    const talk = (messages: string[], replies: number) =>
      new Promise<{ code: number; replies: Record<string, unknown>[] }>((resolve) => {
        const ws = new WebSocket(`${location.origin.replace("http", "ws")}/api/live?topics=claps`);
        const got: Record<string, unknown>[] = [];
        ws.onmessage = (event) => {
          const message = JSON.parse(String(event.data)) as Record<string, unknown>;
          if (message.t !== "ok" && message.t !== "no") return;
          got.push(message);
          if (got.length === replies) ws.close();
        };
        ws.onopen = () => {
          for (const message of messages) ws.send(message);
        };
        ws.onclose = (event) => resolve({ code: event.code, replies: got });
      });
    return [
      await talk(
        [clap(1, 1, -3), clap(2, 2, 1.5), clap(3, 3, 31), clap(4, 4, "5"), clap(5, 5, 1e12), clap(6, 6, null)],
        6,
      ),
      // Not a message of the topic (no page): the channel is closed.
      await talk([JSON.stringify({ topic: "claps", t: "clap", n: 1, batch: 1, count: 1 })], 1),
      // A flood from one address: 150 claps at once, more than the limit's two windows of 60 could
      // ever admit, however they fall across them.
      await talk(
        [1, 2, 3, 4, 5].map((n) => clap(n, 10 + n, 30)),
        5,
      ),
    ];
  });
  const [bad, malformed, flood] = answers;
  expect(bad?.replies.map((r) => r.error)).toEqual(Array(6).fill("A batch of claps is a whole number from 1 to 30."));
  expect(bad?.replies.every((r) => r.t === "no" && r.retryMs === undefined)).toBe(true);
  expect(malformed?.code).toBe(1008);
  const admitted = flood?.replies.filter((r) => r.t === "ok").length ?? 0;
  const waits = flood?.replies.filter((r) => r.t === "no") ?? [];
  expect(admitted).toBeGreaterThan(0);
  expect(waits.length).toBe(5 - admitted);
  expect(waits.length).toBeGreaterThan(0);
  for (const wait of waits) {
    expect(wait.error).toBe("Nobody claps that fast. Your claps wait a moment, then join the crowd.");
    expect(wait.retryMs).toBeGreaterThan(0);
  }
  // Only the flood's admitted batches were counted, each once; the server is up.
  expect(await serverTotal(page)).toBe(start + 30 * admitted);
  await expect(total(page)).toHaveText(count(start + 30 * admitted));
});
