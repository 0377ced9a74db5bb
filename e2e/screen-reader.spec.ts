import type { Page, WebSocketRoute } from "@playwright/test";
import { expect, open, test } from "./fixtures";
import { withPrivateServer } from "./private-server";
import { announcements, readUntil, startReading, withScreenReader } from "./screen-reader";

/**
 * What a screen reader hears on the Useless Button and each shared toy (a virtual screen reader
 * in the page: e2e/screen-reader.ts): the control's name and state as it reaches it, and after a
 * press, a vote, a pop, a paint, a clap, what the page's live regions say, each once. The
 * connection is said at most every 5 s (SAY_CONNECTION_EVERY_MS), the totals as often
 * (ANNOUNCE_EVERY_MS): a paused clock moves those 5 s.
 */
const sharedTest = withPrivateServer("screen-reader");

/** No phrase said twice in a row: a change is said once. */
const saidOnce = (said: string[]) => said.filter((phrase, i) => phrase === said[i - 1]);

/**
 * Opens `path` with the reader listening from before the page goes live: the page's live channel
 * waits until the reader has started, so it hears the outcome of the page's first try (said at
 * once). The channel is the server's, or `answer` answers it instead.
 */
async function listen(page: Page, path: string, answer?: (ws: WebSocketRoute) => void) {
  await withScreenReader(page);
  await page.clock.install();
  let reading = () => {};
  const started = new Promise<void>((resolve) => {
    reading = resolve;
  });
  const line = { cut: () => {} };
  await page.routeWebSocket(/\/api\/live/, async (ws) => {
    await started;
    if (answer) return answer(ws);
    const server = ws.connectToServer();
    line.cut = () => {
      server.close();
      ws.close();
    };
  });
  await open(page, path);
  await startReading(page);
  reading();
  return line;
}

test("the Useless Button: its name as the reader reaches it, and each press said with the count", async ({ page }) => {
  await listen(page, "/");
  const walked = await readUntil(page, /^button, Click me/);
  expect(walked).toContain("heading, The Useless Button, level 1");
  expect(walked.at(-1)).toBe("button, Click me. It does nothing.");
  const button = page.locator("main button[data-early-press]");
  await button.focus();
  await page.keyboard.press("Enter");
  await expect.poll(() => announcements(page)).toEqual(["polite: Your clicks: 1"]);
  await page.keyboard.press("Enter");
  await expect.poll(() => announcements(page)).toEqual(["polite: Your clicks: 1", "polite: Your clicks: 2"]);
});

sharedTest.describe("shared toys", () => {
  sharedTest(
    "Bubble Wrap for Everyone: live said once, a bubble's name and state, and a pop said with the total",
    async ({ page }) => {
      await listen(page, "/bubble-wrap/together");
      await page.clock.runFor(5000);
      await expect.poll(() => announcements(page)).toContain("polite: Connection: live.");
      const walked = await readUntil(page, /^button, Bubble 1\b/);
      expect(walked.at(-1)).toBe("button, Bubble 1, not pressed");
      await page.getByRole("button", { name: "Bubble 1", exact: true }).click();
      await page.clock.runFor(5000);
      await expect
        .poll(async () => (await announcements(page)).join("\n"))
        .toMatch(/polite: 1 of [\d,]+ bubbles popped/);
      const said = await announcements(page);
      expect(said.filter((phrase) => phrase.includes("Live: every pop"))).toEqual([]);
      expect(saidOnce(said)).toEqual([]);
    },
  );

  sharedTest("Emoji Wall for Everyone: a paint said with where, what and when again", async ({ page }) => {
    await listen(page, "/emojis/together");
    await page.clock.runFor(5000);
    await expect.poll(() => announcements(page)).toContain("polite: Connection: live.");
    await page.getByRole("button", { name: /^Row 1, column 3: / }).click();
    await expect
      .poll(async () => (await announcements(page)).join("\n"))
      .toMatch(/polite: Row 1, column 3 painted [a-z ]+\. You can paint again in \d+ s\./);
    const said = await announcements(page);
    expect(said.filter((phrase) => phrase.includes("Live: every cell"))).toEqual([]);
    expect(saidOnce(said)).toEqual([]);
  });

  sharedTest("Pointless Polls: a vote said with the choice", async ({ page }) => {
    await listen(page, "/polls");
    const walked = await readUntil(page, /^button, Yes$/);
    expect(walked.at(-1)).toBe("button, Yes");
    await page.getByRole("button", { name: "Yes", exact: true }).click();
    await expect.poll(async () => (await announcements(page)).join("\n")).toMatch(/polite: .*you picked 'Yes'/);
    expect(saidOnce(await announcements(page))).toEqual([]);
  });

  sharedTest("Aggressive Claps: a clap said with everyone's total", async ({ page }) => {
    await listen(page, "/clap");
    await page.clock.runFor(5000);
    await expect.poll(() => announcements(page)).toContain("polite: Connection: live.");
    const zone = page.getByRole("button", { name: /Applause zone/ });
    await zone.focus();
    await page.keyboard.press("Enter");
    await page.clock.runFor(5000);
    await expect.poll(async () => (await announcements(page)).join("\n")).toMatch(/polite: 1 clap from everyone/);
    expect(saidOnce(await announcements(page))).toEqual([]);
  });
});

test("a busy site is said at once with the server's reason and when the page tries again", async ({ page }) => {
  await listen(page, "/bubble-wrap/together", (ws) => {
    ws.send(JSON.stringify({ t: "busy", retryMs: 20_000, reason: "The site is full." }));
    ws.close({ code: 4429, reason: "Busy" });
  });
  await expect
    .poll(async () => (await announcements(page)).join("\n"))
    .toMatch(/polite: Connection: busy\. The site is full\. Trying again in \d+ s; your pops wait\./);
  expect(saidOnce(await announcements(page))).toEqual([]);
});
