import type { Page } from "@playwright/test";
import { expect, open } from "./fixtures";
import { holdTheLine, liveAgainWithin } from "./live-line";
import { anotherVisitor, bubble, LIVE, PATH, SIZE, stat, test } from "./sheet-page";

/**
 * Bubble Wrap for Everyone, shared: pops seen live, the keyboard, a reconnect, a finished sheet,
 * bad input. The sheet is shared (e2e/sheet-page.ts): each test builds on what the last one left.
 */
test.describe.configure({ mode: "serial" });

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
  await expect(page.getByText(LIVE)).toBeVisible();
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
  await expect(page.getByText(LIVE)).toBeVisible();
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
  const channel = await holdTheLine(page);
  await open(page, PATH);
  await expect(page.getByText(LIVE)).toBeVisible();
  channel.cut();
  await expect(page.getByText(/Reconnecting/)).toBeVisible();
  const other = await anotherVisitor(browser, baseURL as string);
  await bubble(other.page, 10).click();
  await bubble(other.page, 11).click();
  await expect(bubble(page, 10)).toHaveAttribute("aria-pressed", "true", { timeout: 10_000 });
  await expect(bubble(page, 11)).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByText(LIVE)).toBeVisible();
  // It came back naming where it left off.
  expect(channel.urls).toHaveLength(2);
  expect(new URL(channel.urls[1] as string).searchParams.get("resume")).toMatch(/^bubbles:\d+\.\d+$/);
  expect(await poppedOn(page)).toEqual(await poppedOn(other.page));
  await other.close();
});

test("'Here now' is a number only while live: reconnecting, the page neither shows nor reads out the last one", async ({
  page,
}) => {
  const line = await holdTheLine(page);
  await open(page, PATH);
  await expect(page.getByText(LIVE)).toBeVisible();
  await expect(stat(page, "Here now")).toHaveText(/^\d+$/);
  const announced = page.locator('[aria-live="polite"]');
  await expect(announced).toContainText(/\d+ (person|people) here\./);
  line.away = true;
  line.cut();
  await expect(page.getByText(/^Reconnecting/)).toBeVisible();
  await expect(stat(page, "Here now")).toHaveText("…");
  await expect(announced).toHaveText(/^\d+ of \d+ bubbles popped\.$/);
  line.away = false;
  await expect(page.getByText(LIVE)).toBeVisible({
    timeout: liveAgainWithin(line.refused),
  });
  await expect(stat(page, "Here now")).toHaveText(/^\d+$/, { timeout: 8000 });
});

test("when the last bubble pops, everyone gets a fresh sheet and a small celebration", async ({
  page,
  browser,
  baseURL,
}) => {
  await open(page, PATH);
  await expect(page.getByText(LIVE)).toBeVisible();
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
  await expect(page.getByText(LIVE)).toBeVisible();
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

test("the personal sheet links to the shared one", async ({ page }) => {
  await open(page, "/bubble-wrap");
  await page.getByRole("link", { name: /Pop with everyone/ }).click();
  await expect(page).toHaveURL(/\/bubble-wrap\/together$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Bubble Wrap for Everyone");
});
