import type { Browser, Page } from "@playwright/test";
import type { Counts } from "../contracts/polls";
import { expect, open } from "./fixtures";
import { withPrivateServer } from "./private-server";
import { installPausedClock } from "./timers";

/**
 * The live polls' specs (polls-together.spec.ts, polls-together-away.spec.ts) against a server of
 * their own (one per spec file) with a data folder nobody else touches: every visitor of a spec shares
 * its counts, and each test builds on what the last one left.
 */
export const pollsTest = withPrivateServer("polls", {
  POLLS_VOTE_LIMIT: "1000/10000",
});

/** A visitor's vote: the answer's button. */
export const vote = (page: Page, answer: string) => page.getByRole("button", { name: answer, exact: true }).click();

/** What the pages of Pointless Polls show of everyone's votes, for the live polls' browser tests. */
export const result = (page: Page) => page.locator("#poll-result");
export const shares = (page: Page) => page.getByRole("list", { name: "Everyone's votes" }).getByRole("listitem");
export const thanks = (page: Page) => page.getByText("Thanks for voting!");

/** The messages of the topic "polls" a page received, as they arrive (set up before it loads). */
export function pollFrames(page: Page): { t: string; [field: string]: unknown }[] {
  const frames: { t: string }[] = [];
  page.on("websocket", (ws) =>
    ws.on("framereceived", ({ payload }) => {
      if (typeof payload === "string" && payload.startsWith('{"topic":"polls"')) frames.push(JSON.parse(payload));
    }),
  );
  return frames;
}

/**
 * Opens /polls with the page's clock stopped (a thanks view stays until the test moves time on),
 * and waits until the page has every count from the server: it is live.
 */
export async function openLivePolls(page: Page) {
  const frames = pollFrames(page);
  await installPausedClock(page);
  await open(page, "/polls");
  await expect.poll(() => frames.some((f) => f.t === "tallies")).toBe(true);
  return frames;
}

/** Another visitor (a browser context of its own: another device), live on the polls. */
export async function anotherVisitor(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL, serviceWorkers: "block" });
  const page = await context.newPage();
  const frames = await openLivePolls(page);
  return { page, frames, close: () => context.close() };
}

/** Every question's counts as the server holds them. */
export async function serverCounts(page: Page, origin = ""): Promise<Counts[]> {
  return ((await (await page.request.get(`${origin}/api/polls`)).json()) as { counts: Counts[] }).counts;
}
