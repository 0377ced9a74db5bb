import type { Browser, Page } from "@playwright/test";
import { LIVE as CROWD_LIVE, clap, total } from "./clap-crowd";
import { expect, open, waitForHydration } from "./fixtures";
import { openLivePolls, result, shares } from "./polls-live";
import { channelServers, withFleet } from "./proxied-fleet";
import { bubble } from "./sheet-page";
import { cellButton, emoji, paint, place, LIVE as WALL_LIVE } from "./wall-page";

/**
 * The four shared toys through nginx (deploy/nginx/pointless-toys.conf, as `npm run fleet` runs
 * it) in front of two servers on one Redis: two visitors open each toy at the one address, their
 * pages reach different servers (nginx names the server in each channel's handshake), and each
 * sees what the other does.
 */
const test = withFleet({ servers: 2 });

/**
 * Opens `path` for two visitors (browser contexts of their own: the polls' paused clock is a
 * context's), the second page reloaded until its channel reached another server than the first's
 * (nginx takes turns, so a reload or two does it); resolves with both pages once each is `live`.
 */
async function onTwoServers(
  browser: Browser,
  origin: string,
  path: string,
  live: (page: Page) => Promise<void>,
): Promise<[Page, Page]> {
  const pages: Page[] = [];
  const servers: number[][] = [];
  for (let k = 0; k < 2; k++) {
    const page = await (await browser.newContext({ baseURL: origin })).newPage();
    servers.push(await channelServers(page));
    if (path === "/clap") await page.clock.install();
    if (path === "/polls") await openLivePolls(page);
    else await open(page, path);
    await live(page);
    pages.push(page);
  }
  const [first, second] = servers as [number[], number[]];
  await expect.poll(() => first.length > 0 && second.length > 0).toBe(true);
  for (let tries = 0; first.at(-1) === second.at(-1) && tries < 4; tries++) {
    const opened = second.length;
    await pages[1]?.reload();
    await waitForHydration(pages[1] as Page);
    await live(pages[1] as Page);
    await expect.poll(() => second.length).toBeGreaterThan(opened);
  }
  expect(second.at(-1), `${path}: the second page's server`).not.toBe(first.at(-1));
  return pages as [Page, Page];
}

const closeAll = (pages: Page[]) => Promise.all(pages.map((page) => page.context().close()));
const liveText = (words: string) => (page: Page) => expect(page.getByText(words)).toBeVisible();

test("two visitors whose pages reach different servers through the one address share the sheet, the wall, the polls and the claps", async ({
  browser,
  fleet,
}) => {
  // Four toys, each opened twice through nginx: 20 s quiet, and a fresh clone at load 8 (the suite's
  // three workers beside a fleet) ran out of the default minute on the last toy.
  test.setTimeout(180_000);
  const twoVisitors = (path: string, live: (page: Page) => Promise<void>) =>
    onTwoServers(browser, fleet.origin, path, live);

  const [sheetA, sheetB] = await twoVisitors("/bubble-wrap/together", liveText("Live: every pop pops for everyone."));
  await bubble(sheetA, 7).click();
  await expect(bubble(sheetB, 7)).toHaveAttribute("aria-pressed", "true", { timeout: 2000 });
  await bubble(sheetB, 42).click();
  await expect(bubble(sheetA, 42)).toHaveAttribute("aria-pressed", "true", { timeout: 2000 });
  await closeAll([sheetA, sheetB]);

  const [wallA, wallB] = await twoVisitors("/emojis/together", liveText(WALL_LIVE));
  await paint(wallA, 12, 6);
  await expect(cellButton(wallB, 12)).toHaveAccessibleName(`${place(12)}: ${emoji(6).char}`, { timeout: 2000 });
  await paint(wallB, 13, 9);
  await expect(cellButton(wallA, 13)).toHaveAccessibleName(`${place(13)}: ${emoji(9).char}`, { timeout: 2000 });
  await closeAll([wallA, wallB]);

  // The polls' pages are live once they have everyone's counts (openLivePolls waits for them).
  const [pollsA, pollsB] = await twoVisitors("/polls", async () => {});
  await pollsA.getByRole("button", { name: "Yes", exact: true }).click();
  await expect(result(pollsA)).toHaveText("You are the first to vote on this one, and you picked 'Yes'.");
  await pollsB.getByRole("button", { name: "It's a taco, wake up", exact: true }).click();
  await expect(result(pollsB)).toHaveText("Only you picked 'It's a taco, wake up': 1 of 2 voters (50%).");
  await expect(result(pollsA)).toHaveText("Only you picked 'Yes': 1 of 2 voters (50%).", { timeout: 2000 });
  await expect(shares(pollsA)).toHaveText(["Yes: 50%, 1 vote", "No: 0%, 0 votes", "It's a taco, wake up: 50%, 1 vote"]);
  await closeAll([pollsA, pollsB]);

  const [crowdA, crowdB] = await twoVisitors("/clap", liveText(CROWD_LIVE));
  await clap(crowdA, 5);
  await expect(total(crowdB)).toHaveText("5", { timeout: 2000 });
  await clap(crowdB, 3);
  await expect(total(crowdA)).toHaveText("8", { timeout: 2000 });
  await closeAll([crowdA, crowdB]);
});
