import type { Browser, Page } from "@playwright/test";
import { decodeCells, PALETTE } from "../contracts/wall";
import { expect, open } from "./fixtures";
import { withPrivateServer } from "./private-server";

/**
 * Emoji Wall for Everyone for its specs (emojis-together.spec.ts, emojis-together-busy.spec.ts,
 * emojis-together-away.spec.ts): the page against a server of
 * the spec file's own, with a data folder nobody else touches and a cooldown of `cooldownS` (2 s
 * unless a spec needs many paints). Each visitor comes from an address of its own
 * (X-Forwarded-For, believed from loopback here), so each has a cooldown of its own, as different
 * people do.
 */
export function wallTest(cooldownS: number) {
  return withPrivateServer("wall", {
    WALL_COOLDOWN_S: String(cooldownS),
    TRUST_PROXY: "loopback",
  }).extend({
    // Each test's visitor from an address of its own: no test waits out the last one's cooldown.
    // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature
    extraHTTPHeaders: async ({}, use) => use({ "X-Forwarded-For": `198.51.100.${++addresses}` }),
  });
}
let addresses = 0;
export const COOLDOWN_S = 2;
export const test = wallTest(COOLDOWN_S);

export const PATH = "/emojis/together";
export const LIVE = "Live: every cell you paint changes for everyone.";
export const place = (cell: number) => `Row ${Math.floor(cell / 10) + 1}, column ${(cell % 10) + 1}`;
/** The button of `cell` (0-based), whatever it shows. */
export const cellButton = (page: Page, cell: number) =>
  page.getByRole("button", { name: new RegExp(`^${place(cell)}: `) });
export const emoji = (e: number) => PALETTE[e] as { char: string; name: string };

let visitors = 100;
/** Another visitor: a browser context of its own (no storage shared), from an address of its own. */
export async function anotherVisitor(browser: Browser, baseURL: string) {
  const context = await browser.newContext({
    baseURL,
    serviceWorkers: "block",
    extraHTTPHeaders: { "X-Forwarded-For": `203.0.113.${++visitors}` },
  });
  const page = await context.newPage();
  await open(page, PATH);
  await expect(page.getByText(LIVE)).toBeVisible();
  return { page, close: () => context.close() };
}

/** Picks emoji `e` on the palette and presses `cell`. */
export async function paint(page: Page, cell: number, e: number) {
  // A visitor presses the emoji (the radio button itself is visually hidden inside it).
  const radio = page.getByRole("radio", { name: emoji(e).name });
  await page.locator("label").filter({ has: radio }).click();
  await expect(radio).toBeChecked();
  await cellButton(page, cell).click();
}

/** The wall as the server has it. */
export async function wallOnServer(page: Page) {
  const body = (await (await page.request.get("/api/wall")).json()) as { cells: string };
  return decodeCells(body.cells) as Uint8Array;
}

/** The wall as the page shows it: each cell's name. */
export const namesOn = (page: Page) =>
  page
    .getByRole("grid")
    .getByRole("button")
    .evaluateAll((buttons) => buttons.map((b) => b.getAttribute("aria-label")));
