import { expect, open } from "./fixtures";
import { cellButton, emoji, LIVE, PATH, paint, place, wallOnServer, wallTest } from "./wall-page";

/**
 * Emoji Wall for Everyone, shared, on a busy site: the channel refused, paints kept as the
 * visitor's own, then taken by the server at the topic's pace. A file of its own, with a cooldown
 * of 1 s: its nine paints wait a cooldown each twice (37 s at the other specs' 2 s, 25 s at 1 s,
 * 2026-11-28). In the serial file of the others it was the last test of a full run to end, alone
 * for half a minute while the other workers had nothing left.
 */
const test = wallTest(1);

test("paints made while the site is busy wait, and go when it has room at the topic's pace: the channel is never closed for too many", async ({
  page,
}) => {
  // Nine paints, one a cooldown while busy, then as many cooldowns for the server to take them.
  test.slow();
  const line = { busy: false, urls: [] as string[], closes: [] as number[], cut: () => {} };
  await page.routeWebSocket(/\/api\/live/, (ws) => {
    line.urls.push(ws.url());
    if (line.busy) {
      ws.send(JSON.stringify({ t: "busy", retryMs: 2000, reason: "The site is full." }));
      ws.close({ code: 4429, reason: "Busy" });
      return;
    }
    const server = ws.connectToServer();
    server.onClose((code) => {
      line.closes.push(code ?? 1005);
      ws.close({ code });
    });
    line.cut = () => {
      server.close();
      ws.close();
    };
  });
  await open(page, PATH);
  await expect(page.getByText(LIVE)).toBeVisible();
  line.busy = true;
  line.cut();
  // In the server's own words (issue 56).
  await expect(page.getByText(/^The site is full\. Trying again/)).toBeVisible();
  const cells = [110, 111, 112, 113, 114, 115, 116, 117, 118];
  for (const cell of cells) {
    await expect(page.locator("#wall-cooldown")).toHaveText("Pick an emoji, then press a cell.");
    await paint(page, cell, 9);
    await expect(cellButton(page, cell)).toHaveAccessibleName(`${place(cell)}: ${emoji(9).char}`);
  }
  // Kept while busy, as the visitor's own: none given back.
  expect((await wallOnServer(page)).subarray(110, 119).every((byte) => byte !== 10)).toBe(true);
  const triesBefore = line.urls.length;
  // The cut above closed the first channel; what follows is the channel the paints go on.
  line.closes.length = 0;
  line.busy = false;
  await expect(page.getByText(LIVE)).toBeVisible({ timeout: 15_000 });
  await expect
    .poll(async () => [...(await wallOnServer(page)).subarray(110, 119)], { timeout: 60_000 })
    .toEqual(cells.map(() => 10));
  // One channel took them all: the server never closed it for too many messages (1008).
  expect(line.closes).toEqual([]);
  expect(line.urls).toHaveLength(triesBefore + 1);
});
