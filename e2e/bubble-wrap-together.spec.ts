import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "@playwright/test";
import { startSiteProcess, stopProcess } from "../scripts/lib/local-servers";
import { test as base, expect, open } from "./fixtures";
import { installPausedClock } from "./timers";

/**
 * Bubble Wrap for Everyone against a server of its own with a sheet of 24 bubbles (so a test can
 * finish one), and a data folder nobody else touches: every visitor in these tests shares it.
 */
const SIZE = 24;
const test = base.extend<object, { sheetServer: { origin: string; stop: () => Promise<void> } }>({
  sheetServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature
    async ({}, use) => {
      const dataDir = mkdtempSync(join(tmpdir(), "pointless-bubbles-"));
      const { origin, child } = await startSiteProcess({
        COUNTER_DATA_DIR: dataDir,
        BUBBLES_SHEET_SIZE: String(SIZE),
        LIVE_MAX_PER_ADDRESS: "100",
      });
      await use({
        origin,
        stop: async () => {
          await stopProcess(child);
          rmSync(dataDir, { recursive: true, force: true });
        },
      });
      await stopProcess(child);
      rmSync(dataDir, { recursive: true, force: true });
    },
    { scope: "worker" },
  ],
  baseURL: async ({ sheetServer }, use) => use(sheetServer.origin),
});

// The sheet is shared: each test builds on what the last one left.
test.describe.configure({ mode: "serial" });

const PATH = "/bubble-wrap/together";
const bubble = (page: Page, n: number) => page.getByRole("button", { name: `Bubble ${n}`, exact: true });
const stat = (page: Page, label: string) => page.locator("dt", { hasText: label }).locator("+ dd");

/** A second visitor: another browser context (no storage shared with the first). */
async function anotherVisitor(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL, serviceWorkers: "block" });
  const page = await context.newPage();
  await open(page, PATH);
  await expect(page.getByText("Live: every pop pops for everyone.")).toBeVisible();
  return { page, close: () => context.close() };
}

/**
 * The page's channel passes through the test, which can cut it (`drop`) and keep the server away
 * (`away`: new channels are refused); `urls` are the addresses the page opened it at.
 */
async function cuttableChannel(page: Page) {
  const state = { away: false, urls: [] as string[], drop: () => {} };
  await page.routeWebSocket(/\/api\/live/, (ws) => {
    state.urls.push(ws.url());
    if (state.away) return ws.close({ code: 1006 });
    const server = ws.connectToServer();
    state.drop = () => {
      server.close();
      ws.close();
    };
  });
  return state;
}

/** Keeps each celebration's words in `window.__celebrations` as it appears on screen. */
const noteCelebrations = (page: Page) =>
  page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __celebrations: string[] }).__celebrations = seen;
    let shown: Element | null = null;
    new MutationObserver(() => {
      const line = [...document.querySelectorAll('[role="status"] p')].find((p) =>
        /is finished!/.test(p.textContent ?? ""),
      );
      if (line && line !== shown && line.checkVisibility()) seen.push(line.textContent ?? "");
      shown = line ?? null;
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });

/** The bubbles popped on the page, by their number. */
const poppedOn = (page: Page) =>
  page
    .locator('button[aria-pressed="true"][data-i]')
    .evaluateAll((buttons) => buttons.map((b) => Number((b as HTMLElement).dataset.i) + 1).sort((a, b) => a - b));

test("a pop shows at once, and another visitor sees it live", async ({ page, browser, baseURL }) => {
  await open(page, PATH);
  await expect(page.getByText("Live: every pop pops for everyone.")).toBeVisible();
  await expect(stat(page, "Popped")).toHaveText(`0 / ${SIZE}`);
  const other = await anotherVisitor(browser, baseURL as string);
  await bubble(page, 3).click();
  await expect(bubble(page, 3)).toHaveAttribute("aria-pressed", "true");
  await expect(stat(page, "Popped")).toHaveText(`1 / ${SIZE}`);
  await expect(bubble(other.page, 3)).toHaveAttribute("aria-pressed", "true", { timeout: 2000 });
  await expect(stat(other.page, "Popped")).toHaveText(`1 / ${SIZE}`);
  await expect(stat(page, "Here now")).toHaveText("2", { timeout: 8000 });
  // And the other way round.
  await bubble(other.page, 4).click();
  await expect(bubble(page, 4)).toHaveAttribute("aria-pressed", "true", { timeout: 2000 });
  await other.close();
});

test("works with the keyboard: arrows move between bubbles, Enter pops", async ({ page }) => {
  // On a phone, where the 24 bubbles take three rows.
  await page.setViewportSize({ width: 412, height: 823 });
  await open(page, PATH);
  await expect(page.getByText("Live: every pop pops for everyone.")).toBeVisible();
  await bubble(page, 1).focus();
  await page.keyboard.press("ArrowRight");
  await expect(bubble(page, 2)).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(bubble(page, 2)).toHaveAttribute("aria-pressed", "true");
  const columns = await page.locator('[role="row"]').first().locator("button").count();
  await page.keyboard.press("ArrowDown");
  await expect(bubble(page, 2 + columns)).toBeFocused();
  await page.keyboard.press("Home");
  await expect(bubble(page, 1 + columns)).toBeFocused();
  await page.keyboard.press("Control+End");
  await expect(bubble(page, SIZE)).toBeFocused();
});

test("a visitor whose connection drops catches up on what was popped meanwhile", async ({ page, browser, baseURL }) => {
  const channel = await cuttableChannel(page);
  await open(page, PATH);
  await expect(page.getByText("Live: every pop pops for everyone.")).toBeVisible();
  channel.drop();
  await expect(page.getByText(/Reconnecting/)).toBeVisible();
  const other = await anotherVisitor(browser, baseURL as string);
  await bubble(other.page, 10).click();
  await bubble(other.page, 11).click();
  await expect(bubble(page, 10)).toHaveAttribute("aria-pressed", "true", { timeout: 10_000 });
  await expect(bubble(page, 11)).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByText("Live: every pop pops for everyone.")).toBeVisible();
  // It came back naming where it left off.
  expect(channel.urls).toHaveLength(2);
  expect(new URL(channel.urls[1] as string).searchParams.get("resume")).toMatch(/^bubbles:\d+\.\d+$/);
  expect(await poppedOn(page)).toEqual(await poppedOn(other.page));
  await other.close();
});

test("when the last bubble pops, everyone gets a fresh sheet and a small celebration", async ({
  page,
  browser,
  baseURL,
}) => {
  await open(page, PATH);
  await expect(page.getByText("Live: every pop pops for everyone.")).toBeVisible();
  const other = await anotherVisitor(browser, baseURL as string);
  // Every bubble still whole, pressed in one go (all 24 are on screen): one action each took the
  // test past its time on a busy machine, and the pace stays inside the pop limit's burst.
  const whole = page.locator('button[aria-pressed="false"][data-i]');
  const popped = Number(/^(\d+) \//.exec((await stat(page, "Popped").textContent()) ?? "")?.[1]);
  expect(popped).toBeGreaterThan(0);
  await expect(whole).toHaveCount(SIZE - popped);
  // The celebration shows for six seconds: each visitor notes it as it appears, so a slow test
  // runner checking one visitor after the other cannot miss it.
  for (const visitor of [page, other.page]) await noteCelebrations(visitor);
  await whole.evaluateAll((buttons) => {
    for (const button of buttons) (button as HTMLButtonElement).click();
  });
  for (const visitor of [page, other.page]) {
    await expect
      .poll(() => visitor.evaluate(() => (window as unknown as { __celebrations: string[] }).__celebrations))
      .toEqual(["Sheet #1 is finished! A fresh sheet for everyone."]);
    await expect(stat(visitor, "Popped")).toHaveText(`0 / ${SIZE}`);
    await expect(stat(visitor, "This sheet")).toHaveText("#2");
    await expect(stat(visitor, "Sheets finished")).toHaveText("1");
    await expect(bubble(visitor, 1)).toHaveAttribute("aria-pressed", "false");
  }
  await other.close();
});

test("bad input is refused and changes nothing", async ({ page }) => {
  await open(page, PATH);
  await expect(page.getByText("Live: every pop pops for everyone.")).toBeVisible();
  const before = await stat(page, "Popped").textContent();
  const answers = await page.evaluate(async (size) => {
    const talk = (messages: string[]) =>
      new Promise<{ code: number; replies: string[] }>((resolve) => {
        const ws = new WebSocket(`${location.origin.replace("http", "ws")}/api/live?topics=bubbles`);
        const replies: string[] = [];
        // The answer to the message (or the server closing the channel) ends the talk.
        ws.onmessage = (event) => {
          if (typeof event.data !== "string" || !/^\{"topic":"bubbles","t":"(ok|no)"/.test(event.data)) return;
          replies.push(event.data);
          ws.close();
        };
        ws.onopen = () => {
          for (const message of messages) ws.send(message);
        };
        ws.onclose = (event) => resolve({ code: event.code, replies });
      });
    return [
      await talk(["this is not a message"]),
      await talk([JSON.stringify({ topic: "bubbles", t: "pop", n: 1, sheet: 2, i: [size + 5] })]),
      await talk([JSON.stringify({ topic: "bubbles", t: "pop", n: 2, sheet: 1, i: [1] })]),
    ];
  }, SIZE);
  expect(answers[0]?.code).toBe(1008);
  expect(answers[1]?.replies).toEqual([
    JSON.stringify({ topic: "bubbles", t: "no", n: 1, error: `There are only ${SIZE} bubbles on this sheet.` }),
  ]);
  expect(answers[2]?.replies).toEqual([
    JSON.stringify({ topic: "bubbles", t: "no", n: 2, error: "That sheet is finished: here is the new one." }),
  ]);
  await page.reload();
  await expect(stat(page, "Popped")).toHaveText(before as string);
});

test("without the server, the page says so plainly, shows the last sheet it saw, and comes back by itself", async ({
  page,
  problems,
}) => {
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
  await expect(page.getByText("Live: every pop pops for everyone.")).toBeVisible();
  await bubble(page, 7).click();
  await expect(bubble(page, 7)).toHaveAttribute("aria-pressed", "true");
  await confirmed;
  // Leaving keeps the sheet as it was in storage.
  await page.goto("about:blank");

  // A static host: the API is its 404 page, and there is no channel.
  let serverThere = false;
  await page.route("**/api/bubbles", (route) =>
    serverThere ? route.continue() : route.fulfill({ status: 404, contentType: "text/html", body: "<h1>404</h1>" }),
  );
  await page.routeWebSocket(/\/api\/live/, (ws) => {
    if (serverThere) ws.connectToServer();
    else ws.close({ code: 1006 });
  });
  await open(page, PATH);
  await expect(
    page.getByText("The shared sheet needs the site's own server, and this copy of the site has none."),
  ).toBeVisible();
  await expect(page.getByText(/Showing the sheet as it was at/)).toBeVisible();
  await expect(bubble(page, 7)).toHaveAttribute("aria-pressed", "true");
  await expect(bubble(page, 8)).toHaveAttribute("aria-disabled", "true");
  await expect(page.getByRole("link", { name: "Pop a sheet of your own" })).toHaveAttribute("href", "/bubble-wrap");

  // The server is back: the page finds it on its own.
  serverThere = true;
  await expect(page.getByText("Live: every pop pops for everyone.")).toBeVisible({ timeout: 15_000 });
  await expect(bubble(page, 8)).not.toHaveAttribute("aria-disabled", "true");
  // The host's 404 was the browser's to report.
  problems.splice(0, problems.length, ...problems.filter((p) => !/404|WebSocket/.test(p)));
});

test("the personal sheet links to the shared one", async ({ page }) => {
  await open(page, "/bubble-wrap");
  await page.getByRole("link", { name: /Pop with everyone/ }).click();
  await expect(page).toHaveURL(/\/bubble-wrap\/together$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Bubble Wrap for Everyone");
});

/** The shared sheet as the server has it: which bubbles (1-based, as their names say) are popped. */
async function poppedOnServer(page: Page): Promise<number[]> {
  const body = (await (await page.request.get("/api/bubbles")).json()) as { bits: string; size: number };
  const bits = Buffer.from(body.bits, "base64");
  return Array.from({ length: body.size }, (_, i) => i)
    .filter((i) => (bits[i >> 3] ?? 0) & (0x80 >> (i & 7)))
    .map((i) => i + 1);
}

test("pops made while reconnecting wait in storage: a tab closed meanwhile loses none", async ({ page }) => {
  const channel = await cuttableChannel(page);
  await open(page, PATH);
  await expect(page.getByText("Live: every pop pops for everyone.")).toBeVisible();
  channel.away = true;
  channel.drop();
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
  await expect.poll(() => page.evaluate(() => localStorage.getItem("sharedBubblePending"))).toBe("");
});

test("where WebSockets are blocked but the server answers, the page says so and gives its pops back, never queues them for ever", async ({
  page,
  problems,
}) => {
  // Time to wait, not what is asserted: each try's five seconds of page time draw the grid's frames,
  // and on a busy machine the whole test went past its minute after the page had said so.
  test.slow();
  await installPausedClock(page);
  await page.routeWebSocket(/\/api\/live/, (ws) => ws.close({ code: 1006 }));
  await open(page, PATH);
  // The first failed try asks the server over HTTP: it is there, so pops wait for the channel.
  await expect(page.getByText(/Reconnecting/)).toBeVisible();
  // The grid draws its rows a few a frame, and the paused clock holds frames: a second of them.
  await page.clock.runFor(1000);
  const popped = await poppedOnServer(page);
  const target = Array.from({ length: SIZE }, (_, i) => i + 1).find((n) => !popped.includes(n)) as number;
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
  await expect(bubble(page, target)).toHaveAttribute("aria-disabled", "true");
  problems.splice(0, problems.length, ...problems.filter((p) => !/WebSocket/.test(p)));
});

test("a proxy's error page during a deploy is a server away for a moment, not a site without one", async ({
  page,
  problems,
}) => {
  await page.route("**/api/bubbles", (route) =>
    route.fulfill({ status: 502, contentType: "text/html", body: "<h1>502 Bad Gateway</h1>" }),
  );
  await page.routeWebSocket(/\/api\/live/, (ws) => ws.close({ code: 1006 }));
  await open(page, PATH);
  await expect(page.getByText(/Reconnecting/)).toBeVisible();
  await expect(page.getByText(/has none/)).toHaveCount(0);
  problems.splice(0, problems.length, ...problems.filter((p) => !/502|WebSocket/.test(p)));
});
