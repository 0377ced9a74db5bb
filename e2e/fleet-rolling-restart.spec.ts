import { CLAP_THROTTLE_MS } from "../app/toys/clap/logic";
import { POLLS } from "../app/toys/polls/words";
import { allConfirmed, LIVE as CROWD_LIVE, zone } from "./clap-crowd";
import { expect } from "./fixtures";
import { clickThrough } from "./fleet-clicks";
import { bubblesOf, clapTotal, pollCounts, sheetProblems, wallProblems } from "./fleet-store";
import { liveAgain, visitor } from "./fleet-visitor";
import { saidWrong, withFleet } from "./proxied-fleet";
import { bubble, LIVE as SHEET_LIVE } from "./sheet-page";
import { paint, LIVE as WALL_LIVE } from "./wall-page";

/**
 * A deploy as an operator does it (docs/deploy.md): each server of the fleet in turn gets SIGTERM
 * and is started again, while visitors pop, paint, vote and clap through nginx. Every action a
 * server acknowledged is in the store afterwards, every page is live again within 15 s of each
 * SIGTERM (LIVE_AGAIN_WITHIN_MS, fleet-visitor.ts), and no page ever says there is no server, that
 * its network blocks WebSockets, or that it is offline (watched from each page's first paint to
 * the end). Every click of three Useless Buttons is counted once.
 */
const SHEET = 600;
const test = withFleet({ servers: 3, env: { WALL_COOLDOWN_S: "1", BUBBLES_SHEET_SIZE: String(SHEET) } });

test("a rolling restart under load: every acknowledged action is kept, every page is live again within seconds, none says the server is gone", async ({
  browser,
  fleet,
}) => {
  test.setTimeout(150_000);
  const origin = fleet.origin;
  const sheets = [
    await visitor(browser, origin, "/bubble-wrap/together"),
    await visitor(browser, origin, "/bubble-wrap/together"),
  ];
  const walls = [
    await visitor(browser, origin, "/emojis/together"),
    await visitor(browser, origin, "/emojis/together"),
  ];
  const polls = await visitor(browser, origin, "/polls", "tallies");
  const crowd = await visitor(browser, origin, "/clap");
  // Three Useless Buttons, as the held-out check of issue 57 clicked through a rolling restart.
  const buttons = [
    await visitor(browser, origin, "/"),
    await visitor(browser, origin, "/"),
    await visitor(browser, origin, "/"),
  ];
  const pages = [
    ...sheets.map((v) => ({ ...v, words: SHEET_LIVE as string | null })),
    ...walls.map((v) => ({ ...v, words: WALL_LIVE as string | null })),
    { ...polls, words: null },
    { ...crowd, words: CROWD_LIVE as string | null },
  ];
  for (const { page, requests, words } of pages) await liveAgain(page, requests, words, Date.now());

  // The load: each visitor at a person's pace, until told to stop.
  const clicks = await clickThrough(
    origin,
    buttons.map(({ page }) => page),
  );
  let running = true;
  const loops = [
    ...sheets.map(async ({ page, requests }, k) => {
      for (let n = 1 + (k * SHEET) / 2; running && n <= ((k + 1) * SHEET) / 2; n++) {
        const clicked = Date.now();
        await bubble(page, n).click();
        // Shown popped at once, live or not (the pop waits while the page reconnects).
        await expect(bubble(page, n))
          .toHaveAttribute("aria-pressed", "true")
          .catch((error: unknown) => {
            const story = requests.story({ [`Bubble ${n} clicked`]: clicked, "gave up": Date.now() });
            throw new Error(`Bubble ${n} not shown popped (${String(error).split("\n")[0]}). Its channels:\n${story}`, {
              cause: error,
            });
          });
      }
    }),
    ...walls.map(async ({ page }, k) => {
      // Each visitor's own cells, never painted twice: every paint acknowledged must still be there.
      for (let cell = k * 100; running && cell < (k + 1) * 100; cell++) {
        await expect(page.locator("#wall-cooldown")).toHaveText("Pick an emoji, then press a cell.", {
          timeout: 20_000,
        });
        await paint(page, cell, cell % 16);
      }
    }),
    (async () => {
      // On the browser's own clock, a clap every 70 ms (the page counts one every 50 ms at most):
      // a fake clock run ahead of the server's would pace the page's batches faster than the
      // server's message limit allows, and the server would close the channel for it.
      await zone(crowd.page).focus();
      while (running) {
        await crowd.page.keyboard.press("Enter");
        await crowd.page.waitForTimeout(CLAP_THROTTLE_MS + 20);
      }
    })(),
  ];
  /** A vote on the question the polls page shows (the first answer its number picks). */
  let votes = 0;
  const vote = async () => {
    const question = await polls.page.locator("#poll-question").textContent();
    const poll = POLLS.find((p) => p.q === question?.trim());
    const answer = polls.page.getByRole("button", { name: poll?.a[votes % 3] ?? "", exact: true });
    await answer.click();
    votes++;
  };

  const restarts: { server: number; liveAfterMs: number; channelsClosed: number }[] = [];
  for (let k = 0; k < fleet.servers.length; k++) {
    // A vote on its way as the server is told to stop, and the other visitors busy meanwhile.
    await vote();
    const logs = fleet.servers[k]?.logs ?? [];
    const told = Date.now();
    await fleet.restart(k);
    for (const { page, requests, words } of pages) {
      await liveAgain(page, requests, words, told);
    }
    const stopping = logs.map((line) => JSON.parse(line)).find((entry) => entry.msg === "stopping");
    // Each server was told to stop, and said so with how many channels it had open.
    expect(stopping, `server ${k}'s "stopping" line`).toMatchObject({ live: expect.any(Number) });
    restarts.push({ server: k, liveAfterMs: Date.now() - told, channelsClosed: stopping.live });
    // The next question is shown once the thanks view is over.
    await expect(
      polls.page.getByRole("button", { name: POLLS[votes % POLLS.length]?.a[0] ?? "", exact: true }),
    ).toBeVisible();
  }
  running = false;
  await Promise.all([...loops, clicks.stop()]);
  test.info().annotations.push({ type: "restarts", description: JSON.stringify(restarts) });
  // Each server stopped with channels open: every restart moved pages, none was of an idle server.
  expect(restarts.map((r) => r.server)).toEqual(fleet.servers.map((_, k) => k));
  for (const { server, channelsClosed } of restarts) {
    expect(channelsClosed, `server ${server}'s channels as it stopped (${JSON.stringify(restarts)})`).toBeGreaterThan(
      0,
    );
  }

  // What the pages were told is stored, each server shows (its state is kept by what the others
  // publish: a server that missed a message would show its pages a wrong sheet or wall). Read
  // afresh on each look: a page sends its last pop or paint a moment after the click.
  const acked = (visitors: typeof sheets) => visitors.flatMap(({ requests }) => requests.acked());
  const sent = (visitors: typeof sheets) => visitors.flatMap(({ requests }) => requests.sent());
  expect(bubblesOf(acked(sheets)).length).toBeGreaterThan(0);
  expect(acked(walls).length).toBeGreaterThan(0);

  // Every vote acknowledged is counted, once, as the answer that stands.
  await expect.poll(() => polls.requests.acked().length).toBe(votes);
  const expected = POLLS.map(() => [0, 0, 0]);
  for (const { ok } of polls.requests.acked()) {
    const row = expected[ok.q as number] as number[];
    row[ok.answer as number] = (row[ok.answer as number] ?? 0) + 1;
  }

  // Every clap confirmed, each counted once: the total is exactly the claps the page counted.
  await allConfirmed(crowd.page);
  const claps = Number(await zone(crowd.page).getByText(/^\d+$/).textContent());
  expect(claps).toBeGreaterThan(0);
  const batches = new Map(crowd.requests.acked().map((m) => [`${m.page}/${m.batch}`, m.count as number]));
  expect([...batches.values()].reduce((sum, count) => sum + count, 0)).toBe(claps);

  for (const { origin: server } of fleet.servers) {
    const on = (what: string) => ({ message: `${what} on ${server}` });
    await expect.poll(() => sheetProblems(server, SHEET, acked(sheets), sent(sheets)), on("the sheet")).toEqual([]);
    await expect.poll(() => wallProblems(server, acked(walls), sent(walls)), on("the wall")).toEqual([]);
    await expect.poll(() => pollCounts(server), on("the polls")).toEqual(expected);
    await expect.poll(() => clapTotal(server), on("the claps")).toBe(claps);
  }

  // Every click counted once: each page's own count, all sent, is exactly the total's rise.
  await clicks.countedOnce();

  for (const { page } of [...pages, ...buttons]) expect(await saidWrong(page), page.url()).toEqual([]);
  for (const { page } of [...pages, ...buttons]) await page.context().close();
});
