import type { Page } from "@playwright/test";
import { BUBBLES_PATH } from "../contracts/bubbles";
import { allowProblems, expect, expectProblems, httpErrorLine, open } from "./fixtures";
import { holdTheLine } from "./live-line";
import { bubble, LIVE, PATH, poppedOnServer, SIZE, test } from "./sheet-page";
import { clearOfMidnight, installPausedClock } from "./timers";

/**
 * Bubble Wrap for Everyone away from its server: a static host, a tab closed while reconnecting,
 * blocked WebSockets, a proxy's error page. The sheet is shared (e2e/sheet-page.ts): each test
 * builds on what the last one left.
 */
test.describe.configure({ mode: "serial" });

test("without the server, the page says so plainly, shows the last sheet it saw, and the next visit finds the server back", async ({
  page,
  problems,
}) => {
  await clearOfMidnight();
  // The server's word that bubble 7 (index 6) is popped, as the page receives it: the page keeps its
  // own pops apart until then, and leaves only confirmed ones in storage.
  const confirmed = new Promise<void>((resolve) => {
    page.on("websocket", (ws) =>
      ws.on("framereceived", ({ payload }) => {
        if (typeof payload !== "string" || !payload.startsWith('{"topic":"bubbles","t":"pops"')) return;
        if ((JSON.parse(payload) as { i: number[] }).i.includes(6)) resolve();
      }),
    );
  });
  await open(page, PATH);
  await expect(page.getByText(LIVE)).toBeVisible();
  await bubble(page, 7).click();
  await expect(bubble(page, 7)).toHaveAttribute("aria-pressed", "true");
  await confirmed;
  // Leaving keeps the sheet as it was in storage.
  await page.goto("about:blank");

  // A static host: the API is its 404 page, and there is no channel.
  const line = await holdTheLine(page, { statePath: "/api/bubbles" });
  line.away = true;
  await open(page, PATH);
  await expect(
    page.getByText("The shared sheet needs the site's own server, and this copy of the site has none."),
  ).toBeVisible();
  await expect(page.getByText(/Showing the sheet as it was at/)).toBeVisible();
  await expect(bubble(page, 7)).toHaveAttribute("aria-pressed", "true");
  await expect(bubble(page, 8)).toBeDisabled();
  await expect(page.getByRole("link", { name: "Pop a sheet of your own" })).toHaveAttribute("href", "/bubble-wrap");

  // The server is back: a static host is asked once a visit (e2e/live-static-host.spec.ts), so the
  // next visit finds it.
  line.away = false;
  await page.reload();
  await expect(page.getByText(LIVE)).toBeVisible({ timeout: 15_000 });
  await expect(bubble(page, 8)).toBeEnabled();
  // The static host is asked once, when the channel first fails to open; its 404 is the browser's
  // to report. (The refused channels are the test's route: the browser reports nothing of them.)
  await expectProblems(problems, [httpErrorLine("/api/bubbles")]);
});

test("pops made while reconnecting wait in storage: a tab closed meanwhile loses none", async ({ page }) => {
  const channel = await holdTheLine(page);
  await open(page, PATH);
  await expect(page.getByText(LIVE)).toBeVisible();
  channel.away = true;
  channel.cut();
  await expect(page.getByText(/Reconnecting/)).toBeVisible();
  await bubble(page, 15).click();
  await expect(bubble(page, 15)).toHaveAttribute("aria-pressed", "true");
  expect(await poppedOnServer(page)).not.toContain(15);
  // The tab goes away before the server is back.
  await page.goto("about:blank");

  channel.away = false;
  await open(page, PATH);
  await expect(bubble(page, 15)).toHaveAttribute("aria-pressed", "true");
  await expect.poll(() => poppedOnServer(page)).toContain(15);
  await expect.poll(() => pendingInStorage(page)).toEqual([]);
});

test("each tab keeps its own pops waiting: a tab with none of its own clears no other's, and a tab closed meanwhile loses none", async ({
  page,
  context,
  problems,
}) => {
  // Two tabs of one browser, both away from the server (the proxy answers for it with its 502
  // page): each pops while reconnecting. (A server that answered over HTTP while the channel never
  // opened would be a network blocking WebSockets, and the tabs would give their pops back.)
  const pops = { first: 0, second: 0 };
  const tabs = [];
  for (const name of ["first", "second"] as const) {
    const tab = name === "first" ? page : await context.newPage();
    const line = await holdTheLine(tab, { statePath: BUBBLES_PATH, awayStatus: 502 });
    await open(tab, PATH);
    await expect(tab.getByText(LIVE)).toBeVisible();
    line.away = true;
    line.cut();
    await expect(tab.getByText(/Reconnecting/)).toBeVisible();
    tabs.push({ tab, line });
  }
  const popped = await poppedOnServer(page);
  const whole = Array.from({ length: SIZE }, (_, i) => i + 1).filter((n) => !popped.includes(n));
  [pops.first, pops.second] = whole as [number, number];
  for (const [k, { tab }] of tabs.entries()) {
    const n = k === 0 ? pops.first : pops.second;
    await bubble(tab, n).click();
    await expect(bubble(tab, n)).toHaveAttribute("aria-pressed", "true");
  }
  // Each tab's pops are in storage, neither overwriting the other's.
  await expect.poll(() => pendingInStorage(page)).toEqual([pops.first - 1, pops.second - 1].sort((a, b) => a - b));
  // A third tab, live, with no pops of its own, clears nothing.
  const third = await context.newPage();
  await open(third, PATH);
  await expect(third.getByText(LIVE)).toBeVisible();
  await expect.poll(() => pendingInStorage(third)).toEqual([pops.first - 1, pops.second - 1].sort((a, b) => a - b));
  // Both popping tabs close before the server is back: a live tab takes their pops over and sends
  // them, once.
  for (const { tab } of tabs) await tab.close();
  await expect
    .poll(() => poppedOnServer(third), { timeout: 20_000 })
    .toEqual(expect.arrayContaining([pops.first, pops.second]));
  await expect.poll(() => pendingInStorage(third)).toEqual([]);
  // The away tabs' questions to the server, answered by the proxy's page.
  allowProblems(problems, (line) => line === httpErrorLine(BUBBLES_PATH, "502 (Bad Gateway)"));
});

/** Every pop (0-based) this browser keeps waiting in storage, whatever tab keeps it. */
const pendingInStorage = (page: Page) =>
  page.evaluate(() => {
    const pops: number[] = [];
    for (let k = 0; k < localStorage.length; k++) {
      const key = localStorage.key(k) ?? "";
      if (!key.startsWith("sharedBubblePending")) continue;
      try {
        // A tab's record (one or more sheets' pops), or one every tab shared before.
        const kept = JSON.parse(localStorage.getItem(key) || "null");
        const value = kept?.value ?? kept;
        for (const record of Array.isArray(value) ? value : [value]) {
          if (Array.isArray(record?.i)) pops.push(...record.i);
        }
      } catch {
        // Not a record of pops.
      }
    }
    return pops.sort((a, b) => a - b);
  });

test("where WebSockets are blocked but the server answers, the page says so and gives its pops back, never queues them for ever", async ({
  page,
}) => {
  // Time to wait, not what is asserted: each try's five seconds of page time draw the grid's frames,
  // and on a busy machine the whole test went past its minute after the page had said so.
  test.slow();
  await installPausedClock(page);
  await page.routeWebSocket(/\/api\/live/, (ws) => ws.close({ code: 1006 }));
  await open(page, PATH);
  // The first failed try asks the server over HTTP: it is there, so pops wait for the channel.
  await expect(page.getByText(/Reconnecting/)).toBeVisible();
  // The grid draws its rows a few a frame, and the paused clock holds frames: a frame at a time
  // until the bubble can be pressed. (The channel's tries go on meanwhile, after pauses of anything
  // from nothing to one second, then to two: a whole second run at once went past all three now
  // and then, and the blocked page's bubbles could not be pressed; the test waited for ever.)
  const popped = await poppedOnServer(page);
  const target = Array.from({ length: SIZE }, (_, i) => i + 1).find((n) => !popped.includes(n)) as number;
  await expect
    .poll(async () => {
      await page.clock.runFor(16);
      return bubble(page, target).isEnabled();
    })
    .toBe(true);
  await expect(page.getByText(/WebSockets are blocked/)).toHaveCount(0);
  await bubble(page, target).click();
  await expect(bubble(page, target)).toHaveAttribute("aria-pressed", "true");
  // Three tries in a row that never open, with the server answering: blocked. The page's time runs
  // on, five seconds at a time, until it says so.
  await expect
    .poll(async () => {
      await page.clock.runFor(5000);
      return page.getByText(/WebSockets are blocked/).isVisible();
    })
    .toBe(true);
  await expect(
    page.getByText("Your pops could not be sent from this network, so they are back on the sheet."),
  ).toBeVisible();
  await expect(bubble(page, target)).toHaveAttribute("aria-pressed", "false");
  await expect(bubble(page, target)).toBeDisabled();
});

test("a proxy's error page during a deploy is a server away for a moment, not a site without one", async ({
  page,
  problems,
}) => {
  // The page's time stands still: one try of the channel, one question over HTTP, one 502.
  await installPausedClock(page);
  await page.route("**/api/bubbles", (route) =>
    route.fulfill({ status: 502, contentType: "text/html", body: "<h1>502 Bad Gateway</h1>" }),
  );
  await page.routeWebSocket(/\/api\/live/, (ws) => ws.close({ code: 1006 }));
  await open(page, PATH);
  // Told apart from being offline (issue 56): the browser is online, the site's server is away.
  await expect(page.getByText(/The site's server cannot be reached right now/)).toBeVisible();
  await expect(page.getByText(/You are offline/)).toHaveCount(0);
  await expect(page.getByText(/has none/)).toHaveCount(0);
  // The proxy's 502 is the browser's to report. (The refused channel is the test's route.)
  await expectProblems(problems, [httpErrorLine("/api/bubbles", "502 (Bad Gateway)")]);
});
