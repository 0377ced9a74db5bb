import type { Page } from "@playwright/test";
import { expect, open, test } from "./fixtures";
import { installPausedClock } from "./timers";

/**
 * A site too busy to take the page's channel (contracts/live.ts CLOSE.busy): the server opens it
 * only to say so (`busy`, with when to come back) and closes it with 4429. Every shared toy says so
 * in plain words where it shows its connection, counts down to its next try (not read out every
 * second), tries again only then, and never blames the visitor's network.
 */
const toys: { path: string; waits: string; show?: (page: Page) => Promise<void> }[] = [
  { path: "/bubble-wrap/together", waits: "your pops wait" },
  { path: "/emojis/together", waits: "your paints wait" },
  { path: "/clap", waits: "your claps wait" },
  {
    path: "/polls",
    waits: "your vote waits",
    // The polls say it where they have no results to show: after a vote.
    show: (page) => page.getByRole("button", { name: "Yes", exact: true }).click(),
  },
];

const RETRY_MS = 20_000;

for (const toy of toys) {
  test(`${toy.path}: a busy site is said plainly, with the time of the next try, which waits what the server asked`, async ({
    page,
  }) => {
    await installPausedClock(page);
    await page.routeWebSocket(/\/api\/live/, (ws) => {
      ws.send(JSON.stringify({ t: "busy", retryMs: RETRY_MS, reason: "The site is full." }));
      ws.close({ code: 4429, reason: "Busy" });
    });
    // When the page opened each channel, by its own clock.
    await page.addInitScript(() => {
      const times: number[] = [];
      (window as unknown as { __tries: number[] }).__tries = times;
      const Real = window.WebSocket;
      window.WebSocket = class extends Real {
        constructor(url: string | URL, protocols?: string | string[]) {
          super(url, protocols);
          times.push(Date.now());
        }
      };
    });
    const tries = () => page.evaluate(() => (window as unknown as { __tries: number[] }).__tries);
    await open(page, toy.path);
    await toy.show?.(page);
    // In the server's own words (issue 56: one fixed sentence stood for every reason).
    const words = page.getByText(new RegExp(`^The site is full\\. Trying again in \\d+ s; ${toy.waits}\\.$`));
    // The words come with the channel's code, shown once React has them: its reveal waits on the
    // page's clock, which the test moves on a little at a time.
    await expect
      .poll(async () => {
        await page.clock.runFor(100);
        return words.isVisible();
      })
      .toBe(true);
    expect(await tries()).toHaveLength(1);
    if (toy.path !== "/polls") {
      // The seconds count down on screen, in a part of the line that is not read out each time.
      await expect(words.locator('[aria-live="off"]')).toHaveText(/^Trying again in \d+ s$/);
      const secondsShown = async () => Number((await words.textContent())?.match(/in (\d+) s/)?.[1]);
      const before = await secondsShown();
      expect(before).toBeGreaterThan(15);
      // Five seconds later, five fewer (the line is redrawn every second, so give or take one).
      await page.clock.runFor(5000);
      expect(Math.abs(before - 5 - (await secondsShown()))).toBeLessThanOrEqual(1);
    }
    // The next try waits what the server asked (up to a fifth more), and says busy again: never a
    // network that blocks WebSockets, however often the server turns the page away.
    // A second at a time, so that the test's server answers each try as the page's clock stands.
    for (let second = 0; second < (3 * RETRY_MS * 1.2) / 1000 + 1; second++) await page.clock.runFor(1000);
    const times = await tries();
    expect(times.length).toBeGreaterThanOrEqual(4);
    for (let k = 1; k < times.length; k++) {
      const pause = (times[k] as number) - (times[k - 1] as number);
      expect(pause).toBeGreaterThanOrEqual(RETRY_MS);
      // Up to a fifth more, from the close: which comes in the second of the page's time after the try.
      expect(pause).toBeLessThanOrEqual(RETRY_MS * 1.2 + 1000);
    }
    if (toy.path !== "/polls") await expect(words).toBeVisible();
    await expect(page.getByText(/WebSockets|blocks/)).toHaveCount(0);
  });
}
