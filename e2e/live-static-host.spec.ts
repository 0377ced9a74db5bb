import { expect, expectProblems, httpErrorLine, open, test } from "./fixtures";
import { installPausedClock } from "./timers";

/**
 * A copy of the site on a static host: no server, so no channel (each try refused) and the toy's
 * API is the host's 404 page. Every shared toy asks once (one try of the channel, one question
 * over HTTP), says so, and stops there for the page: no try every 30 s for ever, each a console
 * error. A new visit (a reload) may ask again.
 */
const toys = [
  { path: "/bubble-wrap/together", api: "/api/bubbles", says: "this copy of the site has none" },
  { path: "/emojis/together", api: "/api/wall", says: "this copy of the site has none" },
  { path: "/clap", api: "/api/claps", says: "this copy of the site has none" },
  { path: "/polls", api: "/api/polls", says: null },
];

for (const toy of toys) {
  test(`${toy.path}: a static host is asked once, then left alone for the page`, async ({ page, problems }) => {
    await installPausedClock(page);
    let tries = 0;
    let questions = 0;
    await page.routeWebSocket(/\/api\/live/, (ws) => {
      tries++;
      ws.close({ code: 1006 });
    });
    await page.route(`**${toy.api}`, (route) => {
      questions++;
      return route.fulfill({ status: 404, contentType: "text/html", body: "<h1>Not found</h1>" });
    });
    await open(page, toy.path);
    if (toy.says) await expect(page.getByText(toy.says, { exact: false })).toBeVisible();
    await expect.poll(() => questions).toBe(1);
    // Ten minutes of the page's time, thirty seconds at a time: nothing more is tried or asked.
    for (let k = 0; k < 20; k++) await page.clock.runFor(30_000);
    expect(tries).toBe(1);
    expect(questions).toBe(1);
    // The one question's 404 is the only console error the page caused. (The refused channel is
    // the test's route: the browser reports nothing of it.)
    await expectProblems(problems, [httpErrorLine(toy.api)]);
    expect(problems).toEqual([]);
    // A new visit asks again.
    await page.reload();
    await expect.poll(() => questions).toBe(2);
    await expectProblems(problems, [httpErrorLine(toy.api)]);
  });
}
