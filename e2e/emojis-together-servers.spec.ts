import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "@playwright/test";
import { decodeCells, PALETTE } from "../contracts/wall";
import { startSiteProcess, stopProcess } from "../scripts/lib/local-servers";
import { allowProblems, expect, open, refusedWhileDown, test } from "./fixtures";
import { fleetOnRedis } from "./fleet";
import { SUITE_LIMITS } from "./suite-limits";

/**
 * Emoji Wall for Everyone as it runs in production: killed (SIGKILL) while visitors paint and
 * started again on the same port and data, and behind a load balancer, two server processes of
 * the production build on one real Redis. Each visitor comes from an address of its own
 * (X-Forwarded-For, believed from loopback here), as different people do.
 */
const PATH = "/emojis/together";
const LIVE = "Live: every cell you paint changes for everyone.";
const READY = "Pick an emoji, then press a cell.";
const place = (cell: number) => `Row ${Math.floor(cell / 10) + 1}, column ${(cell % 10) + 1}`;
const cellButton = (page: Page, cell: number) => page.getByRole("button", { name: new RegExp(`^${place(cell)}: `) });
const env = (more: Record<string, string> = {}) => ({
  WALL_COOLDOWN_S: "1",
  TRUST_PROXY: "loopback",
  ...SUITE_LIMITS,
  ...more,
});

let addresses = 0;
/**
 * A visitor of its own on `origin`, once its page is live, with every paint it sent on the channel
 * (by request number) and the numbers the server answered "ok".
 */
async function visitorOn(browser: Browser, origin: string) {
  const context = await browser.newContext({
    baseURL: origin,
    serviceWorkers: "block",
    extraHTTPHeaders: { "X-Forwarded-For": `203.0.113.${++addresses}` },
  });
  const page = await context.newPage();
  const sent = new Map<number, { cell: number; e: number }>();
  const acknowledged = new Set<number>();
  page.on("websocket", (ws) => {
    // Each channel numbers its requests from where the page's outbox is: one map serves them all.
    ws.on("framesent", ({ payload }) => {
      const m = JSON.parse(String(payload)) as { t?: string; n: number; cell: number; e: number };
      if (m.t === "paint") sent.set(m.n, { cell: m.cell, e: m.e });
    });
    ws.on("framereceived", ({ payload }) => {
      const m = JSON.parse(String(payload)) as { t?: string; n: number };
      if (m.t === "ok") acknowledged.add(m.n);
    });
  });
  await open(page, PATH);
  await expect(page.getByText(LIVE)).toBeVisible();
  /** The paints the server acknowledged so far, each a cell and its emoji's byte. */
  const acked = () =>
    [...acknowledged].flatMap((n) => (sent.has(n) ? [sent.get(n) as { cell: number; e: number }] : []));
  return { page, sent, acked, close: () => context.close() };
}

/** Presses `cell` with emoji `e` (the visitor clicks the emoji, then the cell). */
async function paint(page: Page, cell: number, e: number) {
  const radio = page.getByRole("radio", { name: PALETTE[e]?.name as string });
  await page.locator("label").filter({ has: radio }).click();
  await cellButton(page, cell).click();
}

/** The wall as a server has it. */
async function wallOn(origin: string): Promise<Uint8Array> {
  const response = await fetch(`${origin}/api/wall`);
  return decodeCells(((await response.json()) as { cells: string }).cells) as Uint8Array;
}

/** The wall as a page shows it, as the bytes it stands for (each cell's name read back). */
const wallShownOn = (page: Page) =>
  page
    .getByRole("grid")
    .getByRole("button")
    .evaluateAll(
      (buttons, chars) =>
        buttons.map((b) => {
          const shown = (b.getAttribute("aria-label") ?? "").split(": ")[1];
          return shown === "blank" ? 0 : chars.indexOf(shown as string) + 1;
        }),
      PALETTE.map((p) => p.char),
    );

test("a server killed while visitors paint keeps every paint it acknowledged, and the pages show its wall again", async ({
  browser,
  problems,
}) => {
  const dir = mkdtempSync(join(tmpdir(), "pointless-wall-kill-"));
  let server = await startSiteProcess(env({ COUNTER_DATA_DIR: dir }));
  const visitors: Awaited<ReturnType<typeof visitorOn>>[] = [];
  try {
    for (let k = 0; k < 3; k++) visitors.push(await visitorOn(browser, server.origin));
    // Each visitor paints cells of its own (a column each), one a second (the cooldown), and the
    // server is killed once a few paints are acknowledged and the next ones are on their way.
    const painted = async (row: number) => {
      for (const [k, visitor] of visitors.entries()) await paint(visitor.page, row * 10 + k, (row + k) % 16);
    };
    await painted(0);
    await expect.poll(() => visitors.every((v) => v.acked().length === 1)).toBe(true);
    // Each may paint again (a press during the cooldown paints nothing, as it should).
    for (const { page } of visitors) await expect(page.locator("#wall-cooldown")).toHaveText(READY);
    await painted(1);
    await stopProcess(server.child, "SIGKILL");
    const acknowledged = visitors.flatMap((v) => v.acked());
    expect(acknowledged.length).toBeGreaterThanOrEqual(3);

    server = await startSiteProcess(env({ COUNTER_DATA_DIR: dir }), { port: server.port });
    const stored = await wallOn(server.origin);
    // Nothing acknowledged is lost, and nothing is there that no visitor sent.
    for (const { cell, e } of acknowledged) expect(stored[cell], place(cell)).toBe(e + 1);
    const sent = visitors.flatMap((v) => [...v.sent.values()]);
    for (const [cell, byte] of stored.entries()) {
      if (byte > 0)
        expect(
          sent.some((s) => s.cell === cell && s.e + 1 === byte),
          place(cell),
        ).toBe(true);
    }
    // The pages come back by themselves (the paints still on their way are sent again) and show
    // the server's wall, exactly.
    for (const { page } of visitors) await expect(page.getByText(LIVE)).toBeVisible({ timeout: 30_000 });
    await expect
      .poll(async () => [...(await wallOn(server.origin))].filter((byte) => byte > 0).length, { timeout: 10_000 })
      .toBe(6);
    const final = [...(await wallOn(server.origin))];
    for (const { page } of visitors) await expect.poll(() => wallShownOn(page)).toEqual(final);
    // While the server was down, the pages' tries were refused, and the browser said so.
    allowProblems(problems, refusedWhileDown(server.origin, ["/api/wall"]));
  } finally {
    for (const visitor of visitors) await visitor.close();
    await stopProcess(server.child);
    rmSync(dir, { recursive: true, force: true });
  }
});

test("visitors on two servers sharing one Redis see each other's paints within 2 s, and the same wall, a server killed meanwhile included", async ({
  browser,
  problems,
}) => {
  const fleet = await fleetOnRedis(2, env());
  const [first, second] = fleet.servers as [(typeof fleet.servers)[number], (typeof fleet.servers)[number]];
  try {
    const one = await visitorOn(browser, first.origin);
    const two = await visitorOn(browser, second.origin);
    await paint(one.page, 12, 6);
    await expect(cellButton(two.page, 12)).toHaveAccessibleName(`${place(12)}: ${PALETTE[6]?.char}`, {
      timeout: 2000,
    });
    await paint(two.page, 13, 9);
    await expect(cellButton(one.page, 13)).toHaveAccessibleName(`${place(13)}: ${PALETTE[9]?.char}`, {
      timeout: 2000,
    });
    // Both paint the same cell at about the same time: the last writer wins, the same everywhere.
    await expect.poll(() => one.acked().length + two.acked().length).toBe(2);
    for (const page of [one.page, two.page]) await expect(page.locator("#wall-cooldown")).toHaveText(READY);
    await Promise.all([paint(one.page, 50, 1), paint(two.page, 50, 2)]);
    await expect.poll(() => one.acked().length + two.acked().length).toBe(4);
    const bothWalls = async () => [String(await wallOn(first.origin)), String(await wallOn(second.origin))];
    await expect.poll(async () => new Set(await bothWalls()).size).toBe(1);
    const wall = [...(await wallOn(first.origin))];
    expect([2, 3]).toContain(wall[50]);
    for (const page of [one.page, two.page]) await expect.poll(() => wallShownOn(page)).toEqual(wall);

    // One server is killed; what is painted on the other meanwhile, its visitor sees once it is back.
    await stopProcess(first.child, "SIGKILL");
    await expect(two.page.locator("#wall-cooldown")).toHaveText(READY);
    await paint(two.page, 77, 13);
    await expect.poll(() => two.acked().length).toBe(3);
    await fleet.restart(0);
    await expect(cellButton(one.page, 77)).toHaveAccessibleName(`${place(77)}: ${PALETTE[13]?.char}`, {
      timeout: 30_000,
    });
    await expect.poll(async () => new Set(await bothWalls()).size).toBe(1);
    const after = [...(await wallOn(first.origin))];
    for (const page of [one.page, two.page]) await expect.poll(() => wallShownOn(page)).toEqual(after);
    await one.close();
    await two.close();
    // While the first server was down, its visitor's tries were refused, and the browser said so.
    allowProblems(problems, refusedWhileDown(first.origin, ["/api/wall"]));
  } finally {
    await fleet.stop();
  }
});
