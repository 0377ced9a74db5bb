import { expect, expectProblems, httpErrorLine, networkErrorLine, open } from "./fixtures";
import { holdTheLine } from "./live-line";
import { result, serverCounts, shares, pollsTest as test, thanks, vote } from "./polls-live";
import { installPausedClock } from "./timers";

/**
 * Pointless Polls without its server: a static host's, and offline. The page votes alone and
 * says why there are no results; it never shows a number it does not have.
 */
test.describe.configure({ mode: "serial" });

test("without the site's server the poll works alone, says results need it, and shows no number", async ({
  page,
  problems,
}) => {
  // A static host: the API is its 404 page, and there is no channel.
  const line = await holdTheLine(page, { statePath: "/api/polls" });
  line.away = true;
  await installPausedClock(page);
  await open(page, "/polls");
  const before = await serverCounts(page);
  await vote(page, "No");
  await expect(thanks(page)).toBeVisible();
  await expect(result(page)).toHaveText(
    "Everyone's results need the site's own server, and this copy of the site has none.",
  );
  await expect(shares(page)).toHaveCount(0);
  await expect(page.getByRole("main")).not.toContainText(/\d+%|\d+ votes?/);
  await page.clock.runFor(1500);
  await expect(page.locator("#poll-question")).toHaveText("How many ducks could you fight?");
  expect(await serverCounts(page)).toEqual(before);

  // The server is back: a static host is asked once a visit (e2e/live-static-host.spec.ts), so the
  // next visit finds it, and the vote it kept is counted, once.
  line.away = false;
  await page.reload();
  await expect
    .poll(async () => {
      await page.clock.runFor(2000);
      return (await serverCounts(page))[0]?.[1];
    })
    .toBe((before[0]?.[1] ?? 0) + 1);
  // The static host is asked once, when the channel first fails to open; its 404 is the browser's
  // to report. (The refused channel is the test's route: the browser reports nothing of it.)
  await expectProblems(problems, [httpErrorLine("/api/polls")]);
});

test("with the site's server out of reach and the browser online, the thanks view says so, never that the visitor is offline", async ({
  page,
  problems,
}) => {
  await page.route("**/api/polls", (route) => route.abort("internetdisconnected"));
  await page.routeWebSocket(/\/api\/live/, (ws) => ws.close({ code: 1006 }));
  await installPausedClock(page);
  await open(page, "/polls");
  await vote(page, "Yes");
  // Issue 56: a server that cannot be reached was read as "You are offline" while the browser was online.
  await expect(result(page)).toHaveText(
    "The site's server cannot be reached right now. Your vote waits, and is counted when it is back.",
  );
  await expect(shares(page)).toHaveCount(0);
  // The test's route aborts the one question the page asks, as a lost network does; the browser
  // reports it. (The refused channel is the test's route: the browser reports nothing of it.)
  await expectProblems(problems, [networkErrorLine("/api/polls", "net::ERR_INTERNET_DISCONNECTED")]);
});
