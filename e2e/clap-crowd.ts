import type { Browser, Page } from "@playwright/test";
import { CLAP_THROTTLE_MS } from "../app/toys/clap/logic";
import { expect, open } from "./fixtures";

/** Aggressive Claps' crowd as the browser tests read it: its words, its numbers, a visitor, claps. */
export const LIVE = "Live: your claps join everyone's, and you hear theirs.";
export const stat = (page: Page, label: string) => page.locator("dt", { hasText: label }).locator("+ dd");
export const total = (page: Page) => stat(page, "Everyone's claps");
export const clappingNow = (page: Page) => stat(page, "Clapping now");
export const count = (n: number) => n.toLocaleString("en-US");
export const zone = (page: Page) => page.getByRole("button", { name: /Applause zone/ });

/** The total as the server has it (GET /api/claps on the page's own server). */
export async function serverTotal(page: Page): Promise<number> {
  return ((await (await page.request.get("/api/claps")).json()) as { total: number }).total;
}

/**
 * A visitor on `origin` (another browser context: no storage shared), once the page is live. Its
 * fake clock runs as time does; claps are spaced with it, so each press is a clap.
 */
export async function visitor(browser: Browser, origin: string, setUp?: (page: Page) => Promise<void>) {
  const context = await browser.newContext({ baseURL: origin, serviceWorkers: "block" });
  const page = await context.newPage();
  await page.clock.install();
  await setUp?.(page);
  await open(page, "/clap");
  await expect(page.getByText(LIVE)).toBeVisible();
  return { page, close: () => context.close() };
}

/** `n` claps with the keyboard, one throttle apart; resolves once the page counted them. */
export async function clap(page: Page, n: number) {
  const own = zone(page).getByText(/^\d+$/);
  const before = Number(await own.textContent());
  await zone(page).focus();
  for (let i = 0; i < n; i++) {
    await page.keyboard.press("Enter");
    await page.clock.runFor(CLAP_THROTTLE_MS);
  }
  await expect(own).toHaveText(String(before + n));
}

/** Waits until the page has no claps of its own on the way: the server confirmed every one. */
export const allConfirmed = (page: Page) => expect(page.getByText(/of yours on the way/)).toHaveCount(0);
