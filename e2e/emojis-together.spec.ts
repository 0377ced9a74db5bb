import type { Page } from "@playwright/test";
import { WALL_SIZE } from "../contracts/wall";
import { expect, open, watchLayoutShifts } from "./fixtures";
import { holdTheLine } from "./live-line";
import {
  anotherVisitor,
  COOLDOWN_S,
  cellButton,
  emoji,
  LIVE,
  namesOn,
  PATH,
  paint,
  place,
  test,
  wallOnServer,
} from "./wall-page";

/**
 * Emoji Wall for Everyone, shared: painting, the keyboard, the cooldown, a reconnect, bad input.
 * The wall is shared (e2e/wall-page.ts): each test builds on what the last one left.
 */
test.describe.configure({ mode: "serial" });

test("a paint shows at once, and another visitor sees it within 2 s", async ({ page, browser, baseURL }) => {
  await open(page, PATH);
  await expect(page.getByText(LIVE)).toBeVisible();
  const other = await anotherVisitor(browser, baseURL as string);
  await expect(cellButton(other.page, 26)).toHaveAccessibleName(`${place(26)}: blank`);

  await paint(page, 26, 2);
  await expect(cellButton(page, 26)).toHaveAccessibleName(`${place(26)}: ${emoji(2).char}`);
  await expect(cellButton(other.page, 26)).toHaveAccessibleName(`${place(26)}: ${emoji(2).char}`, { timeout: 2000 });
  // And the other way round.
  await paint(other.page, 27, 7);
  await expect(cellButton(page, 27)).toHaveAccessibleName(`${place(27)}: ${emoji(7).char}`, { timeout: 2000 });
  expect([...(await wallOnServer(page)).subarray(26, 28)]).toEqual([3, 8]);
  await other.close();
});

test("a newcomer sees the wall as it is, drawn in place of placeholders of the same size", async ({ page }) => {
  const shifts = await watchLayoutShifts(page);
  const stored = await wallOnServer(page);
  await open(page, PATH);
  await expect(page.getByText(LIVE)).toBeVisible();
  const names = await namesOn(page);
  expect(names).toHaveLength(WALL_SIZE);
  expect(names).toEqual([...stored].map((byte, cell) => `${place(cell)}: ${byte ? emoji(byte - 1).char : "blank"}`));
  expect(names).toContain(`${place(26)}: ${emoji(2).char}`);
  // The cells were in the pre-rendered page at their size: the wall arriving moved nothing.
  expect(await shifts()).toBe(0);
});

test("is used with the keyboard: one tab stop for the grid, arrows move, Enter paints", async ({ page }) => {
  await open(page, PATH);
  await expect(page.getByText(LIVE)).toBeVisible();
  // The palette is a radio group: the arrows choose.
  await page.getByRole("radio", { name: emoji(0).name }).focus();
  await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("radio", { name: emoji(1).name })).toBeChecked();
  // Tab leaves the palette for the grid's one cell in the tab order.
  await page.keyboard.press("Tab");
  await expect(cellButton(page, 0)).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowRight");
  await expect(cellButton(page, 21)).toBeFocused();
  await page.keyboard.press("End");
  await expect(cellButton(page, 29)).toBeFocused();
  await page.keyboard.press("Control+End");
  await expect(cellButton(page, 199)).toBeFocused();
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("Enter");
  await expect(cellButton(page, 198)).toHaveAccessibleName(`${place(198)}: ${emoji(1).char}`);
  await expect.poll(async () => (await wallOnServer(page))[198]).toBe(2);
  // One tab stop: Tab leaves the grid from the cell last focused.
  await expect(page.locator('[role="grid"] button[tabindex="0"]')).toHaveCount(1);
  await page.keyboard.press("Shift+Tab");
  await page.keyboard.press("Tab");
  await expect(cellButton(page, 198)).toBeFocused();
});

test("the cooldown: a press too soon paints nothing, and the page counts down to the next", async ({ page }) => {
  await open(page, PATH);
  await expect(page.getByText(LIVE)).toBeVisible();
  const line = page.locator("#wall-cooldown");
  await expect(line).toHaveText("Pick an emoji, then press a cell.");
  await paint(page, 40, 4);
  await expect(line).toHaveText(`You can paint again in ${COOLDOWN_S} s.`);
  // The palette and the grid are described by the line; it is not a live region of its own.
  await expect(page.getByRole("group", { name: "Your emoji" })).toHaveAttribute("aria-describedby", "wall-cooldown");
  await expect(line).not.toHaveAttribute("aria-live");
  await expect(page.locator('[aria-live="polite"]')).toHaveText(
    `${place(40)} painted ${emoji(4).name}. You can paint again in ${COOLDOWN_S} s.`,
  );
  const before = await cellButton(page, 41).getAttribute("aria-label");
  await paint(page, 41, 5);
  await expect(cellButton(page, 41)).toHaveAttribute("aria-label", before as string);
  await expect(page.locator('[aria-live="polite"]')).toHaveText(/^You can paint again in [12] s\.$/);
  await expect(line).toHaveText("You can paint again in 1 s.");
  // Once it is over the page says so, once, and the next press paints.
  await expect(page.locator('[aria-live="polite"]')).toHaveText("You can paint again.");
  await expect(line).toHaveText("Pick an emoji, then press a cell.");
  await paint(page, 41, 5);
  await expect(cellButton(page, 41)).toHaveAccessibleName(`${place(41)}: ${emoji(5).char}`);
  await expect.poll(async () => (await wallOnServer(page))[41]).toBe(6);
});

test("a paint the server refuses as too soon (another tab of the same place) waits, counted down, then goes", async ({
  browser,
  baseURL,
}) => {
  // Two tabs of one visitor: one browser, whose tabs name the visitor token the server gave the
  // first (kept in its storage), so the same cooldown, which only the server knows.
  const context = await browser.newContext({
    baseURL,
    serviceWorkers: "block",
    extraHTTPHeaders: { "X-Forwarded-For": "192.0.2.77" },
  });
  const tabs = [];
  for (let k = 0; k < 2; k++) {
    const tab = await context.newPage();
    await open(tab, PATH);
    await expect(tab.getByText(LIVE)).toBeVisible();
    await expect.poll(() => tab.evaluate(() => localStorage.getItem("visitorToken"))).not.toBeNull();
    tabs.push(tab);
  }
  const [first, second] = tabs as [Page, Page];
  await paint(first, 60, 3);
  await expect.poll(async () => (await wallOnServer(first))[60]).toBe(4);
  await paint(second, 61, 8);
  // Shown at once as this tab's paint, and told to wait: the words, and the countdown.
  await expect(cellButton(second, 61)).toHaveAccessibleName(`${place(61)}: ${emoji(8).char}`);
  await expect(second.getByText(/^One paint every 2 s: you can paint again in [12] s\.$/)).toBeVisible();
  await expect(second.locator("#wall-cooldown")).toHaveText(/^You can paint again in [12] s\.$/);
  expect((await wallOnServer(second))[61]).toBe(0);
  // Then it goes by itself, and the words go with the wait.
  await expect.poll(async () => (await wallOnServer(second))[61], { timeout: 10_000 }).toBe(9);
  await expect(cellButton(first, 61)).toHaveAccessibleName(`${place(61)}: ${emoji(8).char}`);
  await expect(second.getByText(/One paint every/)).toHaveCount(0);
  await context.close();
});

test("a visitor whose connection drops catches up on what was painted meanwhile", async ({
  page,
  browser,
  baseURL,
}) => {
  const channel = await holdTheLine(page);
  await open(page, PATH);
  await expect(page.getByText(LIVE)).toBeVisible();
  channel.cut();
  await expect(page.getByText(/Reconnecting/)).toBeVisible();
  const other = await anotherVisitor(browser, baseURL as string);
  await paint(other.page, 55, 11);
  await expect.poll(async () => (await wallOnServer(page))[55]).toBe(12);
  await expect(cellButton(page, 55)).toHaveAccessibleName(`${place(55)}: ${emoji(11).char}`, { timeout: 15_000 });
  await expect(page.getByText(LIVE)).toBeVisible();
  // It came back naming where it left off, and shows what the server has.
  expect(channel.urls).toHaveLength(2);
  expect(new URL(channel.urls[1] as string).searchParams.get("resume")).toMatch(/^wall:\d+\.\d+$/);
  expect(await namesOn(page)).toEqual(await namesOn(other.page));
  await other.close();
});

test("bad input is refused with a reason, closes a channel that is not a message, and stores nothing", async ({
  page,
}) => {
  await open(page, PATH);
  await expect(page.getByText(LIVE)).toBeVisible();
  const before = await wallOnServer(page);
  const answers = await page.evaluate(async () => {
    const talk = (messages: string[]) =>
      new Promise<{ code: number; replies: string[] }>((resolve) => {
        const ws = new WebSocket(`${location.origin.replace("http", "ws")}/api/live?topics=wall`);
        const replies: string[] = [];
        // The answers to the messages (or the server closing the channel) end the talk.
        ws.onmessage = (event) => {
          if (!/^\{"topic":"wall","t":"(ok|no)"/.test(event.data)) return;
          replies.push(event.data);
          if (replies.length === messages.length) ws.close();
        };
        ws.onopen = () => {
          for (const message of messages) ws.send(message);
        };
        ws.onclose = (event) => resolve({ code: event.code, replies });
      });
    // Each paint names itself, as a page's does (contracts/wall.ts PAINT_ID).
    const paint = (n: number, cell: unknown, e: unknown) =>
      JSON.stringify({
        topic: "wall",
        t: "paint",
        n,
        id: `bad-input-${String(cell)}-${n}`.replace(/\W/g, "_"),
        cell,
        e,
      });
    return [
      await talk([paint(1, 200, 0), paint(2, 3, 16)]),
      await talk([paint(1, 3, "🎉")]),
      await talk([JSON.stringify({ topic: "wall", t: "write", text: "hello" })]),
      // A paint from this address goes; one more, at once, is told how long to wait.
      await talk([paint(1, 90, 1), paint(2, 91, 1)]),
    ];
  });
  expect(answers[0]?.replies).toEqual([
    JSON.stringify({ topic: "wall", t: "no", n: 1, error: "There are only 200 cells on the wall." }),
    JSON.stringify({ topic: "wall", t: "no", n: 2, error: "Paint with one of the 16 emojis of the palette." }),
  ]);
  expect(answers[1]?.code).toBe(1008);
  expect(answers[2]?.code).toBe(1008);
  // The refusal is at once; the paint's "ok" waits for its write: by their numbers, not their order.
  const [first, second] = (answers[3]?.replies ?? []).map((r) => JSON.parse(r)).sort((a, b) => a.n - b.n);
  expect(first).toEqual({ topic: "wall", t: "ok", n: 1, cooldownMs: COOLDOWN_S * 1000 });
  expect(second).toMatchObject({
    t: "no",
    n: 2,
    error: `One paint every ${COOLDOWN_S} s: you can paint again in 2 s.`,
  });
  expect(second.retryMs).toBeGreaterThan(1000);
  const after = await wallOnServer(page);
  expect([...after.keys()].filter((cell) => after[cell] !== before[cell])).toEqual([90]);
});
