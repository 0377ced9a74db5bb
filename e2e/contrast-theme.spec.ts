import type { Page } from "@playwright/test";
import { POLLS } from "../app/toys/polls/words";
import { expect, open, test } from "./fixtures";

/**
 * A contrast theme (Windows' forced colours) draws no backgrounds: what a page draws with a
 * background alone is drawn again in the theme's own colours. Every page's buttons are checked in
 * e2e/routes.spec.ts; here, the bars.
 */

/** What a system colour keyword computes to in this page's theme. */
function systemColour(page: Page, keyword: string): Promise<string> {
  return page.evaluate((name) => {
    const probe = document.createElement("i");
    probe.style.cssText = `forced-color-adjust: none; color: ${name}`;
    document.body.append(probe);
    const colour = getComputedStyle(probe).color;
    probe.remove();
    return colour;
  }, keyword);
}

test.describe("in a contrast theme", () => {
  test.beforeEach(({ page }) => page.emulateMedia({ forcedColors: "active", reducedMotion: "reduce" }));

  test("Endless Loading's bar and its spinner's arc are drawn in the theme's highlight", async ({ page }) => {
    await open(page, "/loading");
    const highlight = await systemColour(page, "Highlight");
    expect(await page.locator(".loading-bar").evaluate((bar) => getComputedStyle(bar).backgroundColor)).toBe(highlight);
    const ring = await page.locator(".loading-spinner").evaluate((spinner) => {
      const style = getComputedStyle(spinner);
      return { arc: style.borderTopColor, rest: style.borderBottomColor };
    });
    expect(ring.arc).toBe(highlight);
    expect(ring.rest, "the arc stands out from the rest of the ring").not.toBe(highlight);
  });

  test("Pointless Polls' bars: the visitor's answer in the highlight, the others in the text colour, each in an edged track", async ({
    page,
  }) => {
    await open(page, "/polls");
    const [mine, ...others] = POLLS[0]?.a ?? [];
    await page.getByRole("button", { name: mine }).click();
    const results = page.getByRole("list", { name: "Everyone's votes" }).getByRole("listitem");
    await expect(results).toHaveCount(3);
    const bars = await results.evaluateAll((items) =>
      items.map((item) => {
        const track = item.querySelector('[aria-hidden="true"]') as HTMLElement;
        const fill = track.firstElementChild as HTMLElement;
        return {
          answer: item.querySelector(".font-bold")?.textContent,
          edge: parseFloat(getComputedStyle(track).borderTopWidth),
          fill: getComputedStyle(fill).backgroundColor,
        };
      }),
    );
    const [highlight, text] = [await systemColour(page, "Highlight"), await systemColour(page, "CanvasText")];
    expect(bars).toEqual([
      { answer: mine, edge: 1, fill: highlight },
      ...others.map((answer) => ({ answer, edge: 1, fill: text })),
    ]);
  });
});
