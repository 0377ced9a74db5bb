import type { Browser, Page } from "@playwright/test";
import { expect, open } from "./fixtures";
import { type Requests, tellChannels, watchRequests } from "./fleet-requests";
import { watchWords } from "./proxied-fleet";

/**
 * How long a shared page may take to be live again after its server was told to stop or Redis'
 * primary was lost (issue 57: "the shared pages come back within 15 s"). The goodbye asks pages
 * back within COME_BACK_WITHIN_MS (5 s), each at a moment of its own, and a try that fails waits
 * for the next beat a window later (app/kit/live/retry.ts): 5 s, the restart, and one more window.
 */
export const LIVE_AGAIN_WITHIN_MS = 15_000;

/** A visitor of the fleet at `origin` with a browser of its own, on `path`, its words and channels watched. */
export async function visitor(browser: Browser, origin: string, path: string, fresh = "") {
  const context = await browser.newContext({ baseURL: origin });
  await watchWords(context);
  await tellChannels(context);
  const page = await context.newPage();
  const requests = watchRequests(page, fresh);
  await open(page, path);
  return { page, requests };
}

/**
 * Resolves once the page's words say it is live again (`words` null: its channel has the topic's
 * whole state, as the polls page says nothing), by `since + LIVE_AGAIN_WITHIN_MS` (`since`: when
 * its server was told to stop, by Date.now()); if not, fails with the story of the page's channels.
 */
export async function liveAgain(page: Page, requests: Requests, words: string | null, since: number) {
  const timeout = Math.max(1, since + LIVE_AGAIN_WITHIN_MS - Date.now());
  try {
    if (words === null) await expect.poll(requests.live, { timeout }).toBe(true);
    else await expect(page.getByText(words)).toBeVisible({ timeout });
  } catch (error) {
    const story = requests.story({ "the wait began": since, "the wait ended": Date.now() });
    const first = String(error).split("\n")[0];
    throw new Error(`${page.url()} not live in time (${first}). Its channels:\n${story}`, { cause: error });
  }
}
