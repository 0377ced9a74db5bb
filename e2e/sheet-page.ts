import type { Browser, Page } from "@playwright/test";
import { expect, open } from "./fixtures";
import { withPrivateServer } from "./private-server";

/**
 * Bubble Wrap for Everyone for its specs (bubble-wrap-together.spec.ts, bubble-wrap-together-away.spec.ts):
 * the page against a server of its own (one per spec file) with a sheet of 24 bubbles (so a test can
 * finish one), and a data folder nobody else touches: every visitor of a spec shares it.
 */
export const SIZE = 24;
export const test = withPrivateServer("bubbles", { BUBBLES_SHEET_SIZE: String(SIZE) });

export const PATH = "/bubble-wrap/together";
export const bubble = (page: Page, n: number) => page.getByRole("button", { name: `Bubble ${n}`, exact: true });
export const stat = (page: Page, label: string) => page.locator("dt", { hasText: label }).locator("+ dd");

/** What the shared sheet says once it is live. */
export const LIVE = "Live: every pop pops for everyone.";

/** A second visitor: another browser context (no storage shared with the first). */
export async function anotherVisitor(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL, serviceWorkers: "block" });
  const page = await context.newPage();
  await open(page, PATH);
  await expect(page.getByText(LIVE)).toBeVisible();
  return { page, close: () => context.close() };
}

/** The shared sheet as the server has it: which bubbles (1-based, as their names say) are popped. */
export async function poppedOnServer(page: Page): Promise<number[]> {
  const body = (await (await page.request.get("/api/bubbles")).json()) as { bits: string; size: number };
  const bits = Buffer.from(body.bits, "base64");
  return Array.from({ length: body.size }, (_, i) => i)
    .filter((i) => (bits[i >> 3] ?? 0) & (0x80 >> (i & 7)))
    .map((i) => i + 1);
}
