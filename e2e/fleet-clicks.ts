import type { Page } from "@playwright/test";
import { bigButton } from "./counter-page";
import { expect } from "./fixtures";

/** The global total as the fleet answers it. */
const totalOf = async (origin: string) =>
  Number(((await (await fetch(`${origin}/api/clicks`)).json()) as { total: number }).total);

/** The page's own count of its clicks ("Your clicks"). */
const yourClicks = async (page: Page) => Number(await page.locator("[data-early-count]").textContent());

/**
 * Useless Button pages clicking through a fleet at a person's pace (a click every 150 ms) until
 * stopped, and the check issue 57 names: every click counted once, none lost and none twice.
 */
export async function clickThrough(origin: string, pages: readonly Page[]) {
  const before = await totalOf(origin);
  let running = true;
  const loops = pages.map(async (page) => {
    while (running) {
      await bigButton(page).click();
      await page.waitForTimeout(150);
    }
  });
  return {
    async stop() {
      running = false;
      await Promise.all(loops);
    },
    /** Each page's own count, all sent (none waiting), is exactly the total's rise. */
    async countedOnce() {
      for (const page of pages) await expect(page.getByText(/\(\d+ waiting\)/)).toHaveCount(0, { timeout: 30_000 });
      const clicks = (await Promise.all(pages.map(yourClicks))).reduce((a, b) => a + b, 0);
      expect(clicks).toBeGreaterThan(20);
      await expect.poll(() => totalOf(origin)).toBe(before + clicks);
      return clicks;
    },
  };
}
