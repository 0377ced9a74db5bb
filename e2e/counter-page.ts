import type { Page, Request } from "@playwright/test";
import type { ClicksSend } from "../contracts/clicks";
import { type CounterServer, startCounterServer } from "./counter-server";
import { test as base, expect, open } from "./fixtures";

/**
 * The Useless Button's global counter for its specs (global-counter.spec.ts,
 * global-counter-ledger.spec.ts, early-press.spec.ts): the page against a real server with a
 * counter of its own, one per file in each worker that runs it (so totals are exact while the rest
 * of the suite clicks elsewhere), SQLite behind it; kept by the suite's worker fixture
 * (e2e/worker-servers.ts), so these specs share the suite's workers.
 */
export const test = base.extend<{ counter: CounterServer }>({
  counter: async ({ workerServers }, use, testInfo) =>
    use(await workerServers.get(testInfo.file, "counter", startCounterServer)),
  baseURL: async ({ counter }, use) => use(counter.origin),
});

export const bigButton = (page: Page) => page.getByRole("main").getByRole("button").first();
export const globalBadge = (page: Page) => page.getByText(/^(Global clicks|Clicks on this device):/);
export const globalCount = (page: Page) => globalBadge(page).locator("strong");

/**
 * Opens the Useless Button and waits until the counter's network half (started in the task after
 * the page's hydration) has asked the server for the total: from then on its sends are on the
 * page's clock, so a paused clock's runFor moves them. Before, runFor could pass while it was still
 * starting.
 */
export async function openCounter(page: Page): Promise<void> {
  await open(page, "/");
  await expect(globalCount(page)).toHaveText(/^\d/);
}

/** The sends the page posts, as the server received them. */
export function watchSends(page: Page): ClicksSend[] {
  const sends: ClicksSend[] = [];
  page.on("request", (request: Request) => {
    if (request.method() === "POST" && request.url().endsWith("/api/clicks")) sends.push(request.postDataJSON());
  });
  return sends;
}

/**
 * Waits for the server's total to be `expected`; if it never is, the failure lists every counter
 * send the server logged since `mark`: none (never sent), or sent and what each counted.
 */
export async function expectTotal(counter: CounterServer, expected: number, mark: number, timeout?: number) {
  try {
    await expect.poll(() => counter.total(), { timeout }).toBe(expected);
  } catch (error) {
    const sends = counter.sendsSince(mark);
    throw new Error(
      `${(error as Error).message}\nThe counter's sends since then, as the server logged them: ${
        sends.length ? `\n${sends.join("\n")}` : "none (never sent)"
      }`,
    );
  }
}
