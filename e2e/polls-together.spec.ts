import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { freePort, startSiteProcess, stopProcess } from "../scripts/lib/local-servers";
import { allowProblems, expect, open, refusedWhileDown, watchLayoutShifts } from "./fixtures";
import {
  anotherVisitor,
  openLivePolls,
  pollFrames,
  result,
  serverCounts,
  shares,
  pollsTest as test,
  thanks,
  vote,
} from "./polls-live";
import { SUITE_LIMITS } from "./suite-limits";
import { installPausedClock } from "./timers";

/**
 * Pointless Polls with everyone's results, live (e2e/polls-live.ts: a server of the spec's own),
 * each test building on what the last one left (question 1, "Is a hot dog a sandwich?", is the one
 * every fresh page shows).
 */
test.describe.configure({ mode: "serial" });

const announced = (page: Page) => page.locator('p[aria-live="polite"]');

test("a vote shows how everyone voted, and another visitor's vote arrives while it is shown", async ({
  page,
  browser,
  baseURL,
}) => {
  await openLivePolls(page);
  await vote(page, "Yes");
  await expect(thanks(page)).toBeVisible();
  await expect(result(page)).toHaveText("You are the first to vote on this one, and you picked 'Yes'.");
  await expect(shares(page)).toHaveText(["Yes: 100%, 1 vote", "No: 0%, 0 votes", "It's a taco, wake up: 0%, 0 votes"]);
  // What a screen reader finds (the bars are drawings it skips), and hears once.
  await expect(page.locator("section[aria-labelledby]")).toMatchAriaSnapshot(`
    - paragraph: Poll 1 of 5
    - heading "Is a hot dog a sandwich?" [level=2]
    - status: Thanks for voting!
    - paragraph: You are the first to vote on this one, and you picked 'Yes'.
    - list "Everyone's votes":
      - listitem: "Yes: 100%, 1 vote"
      - listitem: "No: 0%, 0 votes"
      - listitem: "It's a taco, wake up: 0%, 0 votes"
  `);
  await expect(announced(page)).toHaveText("You are the first to vote on this one, and you picked 'Yes'.");

  const other = await anotherVisitor(browser, baseURL as string);
  await vote(other.page, "No");
  await expect(result(other.page)).toHaveText("Only you picked 'No': 1 of 2 voters (50%).");
  // Live, while the first visitor's thanks is still on screen.
  await expect(result(page)).toHaveText("Only you picked 'Yes': 1 of 2 voters (50%).", { timeout: 2000 });
  await expect(shares(page)).toHaveText(["Yes: 50%, 1 vote", "No: 50%, 1 vote", "It's a taco, wake up: 0%, 0 votes"]);
  // Read out once per vote, not at every count that changes.
  await expect(announced(page)).toHaveText("You are the first to vote on this one, and you picked 'Yes'.");

  // The spec's timing holds: 1.5 s of thanks, then the next question.
  await page.clock.runFor(1499);
  await expect(thanks(page)).toBeVisible();
  await page.clock.runFor(1);
  await expect(thanks(page)).toBeHidden();
  await expect(page.locator("#poll-question")).toHaveText("How many ducks could you fight?");
  await other.close();
});

test("a newcomer sees everyone's votes, and a device's second vote on a question counts nothing", async ({ page }) => {
  const frames = await openLivePolls(page);
  await vote(page, "It's a taco, wake up");
  await expect(result(page)).toHaveText("Only you picked 'It's a taco, wake up': 1 of 3 voters (33%).");
  await expect(shares(page)).toHaveText(["Yes: 33%, 1 vote", "No: 33%, 1 vote", "It's a taco, wake up: 33%, 1 vote"]);
  await expect.poll(() => frames.find((f) => f.t === "ok")).toMatchObject({ counted: true, answer: 2 });

  // The same device (another tab of the same browser) votes on it again, another answer.
  const again = await page.context().newPage();
  const later = await openLivePolls(again);
  await vote(again, "Yes");
  await expect(result(again)).toHaveText(
    "You voted on this one before, so that vote stands. Only you picked 'It's a taco, wake up': 1 of 3 voters (33%).",
  );
  await expect.poll(() => later.find((f) => f.t === "ok")).toMatchObject({ counted: false, answer: 2 });
  await expect(shares(again)).toHaveText(["Yes: 33%, 1 vote", "No: 33%, 1 vote", "It's a taco, wake up: 33%, 1 vote"]);
  expect((await serverCounts(page))[0]).toEqual([1, 1, 1]);
});

test("a visitor whose connection drops catches up when it is back, and its unanswered vote counts once", async ({
  page,
  browser,
  baseURL,
}) => {
  // The page's channel passes through the test, which can lose the server's answers to votes
  // (`answers`) and cut the channel (`drop`).
  const urls: string[] = [];
  let answers = false;
  let drop = () => {};
  await page.routeWebSocket(/\/api\/live/, (ws) => {
    urls.push(ws.url());
    const server = ws.connectToServer();
    server.onMessage((message) => {
      if (answers || !String(message).includes('"t":"ok"')) ws.send(message);
    });
    drop = () => {
      server.close();
      ws.close();
    };
  });
  const frames = await openLivePolls(page);
  await vote(page, "Yes");
  // The server counts it, but its answer is lost: the page says so, and shows no number it cannot vouch for.
  await expect.poll(async () => (await serverCounts(page))[0]).toEqual([2, 1, 1]);
  await expect.poll(() => frames.some((f) => f.t === "tally")).toBe(true);
  await expect(result(page)).toHaveText("Counting your vote…");
  await expect(shares(page)).toHaveCount(0);
  drop();
  // Meanwhile, someone else votes.
  const other = await anotherVisitor(browser, baseURL as string);
  await vote(other.page, "No");
  await expect(result(other.page)).toHaveText("You and 40% of 5 voters picked 'No'.");
  // The page tries again within a second (its first pause after a drop), still thanking: it gets
  // every count, sends its vote again, and is told it already counted.
  answers = true;
  await page.clock.runFor(1000);
  await expect(result(page)).toHaveText("You and 40% of 5 voters picked 'Yes'.");
  await expect(shares(page)).toHaveText(["Yes: 40%, 2 votes", "No: 40%, 2 votes", "It's a taco, wake up: 20%, 1 vote"]);
  expect(urls).toHaveLength(2);
  expect(frames.filter((f) => f.t === "tallies")).toHaveLength(2);
  // The server's answers (the first is the one the test kept from the page): counted, then nothing more.
  expect(frames.filter((f) => f.t === "ok")).toMatchObject([
    { n: 1, counted: true, answer: 0 },
    { n: 2, counted: false, answer: 0 },
  ]);
  expect((await serverCounts(page))[0]).toEqual([2, 2, 1]);
  await page.clock.runFor(500);
  await expect(thanks(page)).toBeHidden();
  await other.close();
});

test("bad input is refused with a reason and changes nothing", async ({ page }) => {
  await open(page, "/polls");
  const before = await serverCounts(page);
  const answers = await page.evaluate(async () => {
    const vote = { topic: "polls", t: "vote", n: 1, q: 0, a: 0, device: "bad-input-device-0001" };
    const talk = (message: string) =>
      new Promise<{ code: number; replies: string[] }>((resolve) => {
        const ws = new WebSocket(`${location.origin.replace("http", "ws")}/api/live?topics=polls`);
        const replies: string[] = [];
        // The answer to the message (or the server closing the channel) ends the talk.
        ws.onmessage = (event) => {
          if (typeof event.data === "string" && /^\{"topic":"polls","t":"(ok|no)"/.test(event.data)) {
            replies.push(event.data);
            ws.close();
          }
        };
        ws.onopen = () => ws.send(message);
        ws.onclose = (event) => resolve({ code: event.code, replies });
      });
    return [
      await talk("this is not a message"),
      await talk(JSON.stringify({ ...vote, q: -1 })),
      await talk(JSON.stringify({ ...vote, q: 9 })),
      await talk(JSON.stringify({ ...vote, a: 5 })),
      await talk(JSON.stringify({ ...vote, device: "not a device id" })),
    ];
  });
  expect(answers.map((a) => a.code)).toEqual([1008, 1008, 1005, 1005, 1005]);
  expect(answers.slice(2).map((a) => JSON.parse(a.replies[0] ?? "{}"))).toEqual([
    { topic: "polls", t: "no", n: 1, error: "There is no poll 9: the polls are numbered 0 to 4." },
    { topic: "polls", t: "no", n: 1, error: "There is no answer 5: each poll's answers are numbered 0 to 2." },
    { topic: "polls", t: "no", n: 1, error: "A device id is 16 to 64 letters, digits, dashes or underscores." },
  ]);
  expect(await serverCounts(page)).toEqual(before);
});

test("voting, the results arriving and the next question move nothing on the page (no layout shift), on a phone", async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 800 });
  const layoutShift = await watchLayoutShifts(page);
  const frames = pollFrames(page);
  await open(page, "/polls");
  await expect.poll(() => frames.some((f) => f.t === "tallies")).toBe(true);
  await vote(page, "Yes");
  await expect(result(page)).toContainText("%");
  // Someone else's vote arrives while the results are shown.
  await page.evaluate(() => {
    const ws = new WebSocket(`${location.origin.replace("http", "ws")}/api/live?topics=polls`);
    ws.onopen = () =>
      ws.send(JSON.stringify({ topic: "polls", t: "vote", n: 1, q: 0, a: 2, device: "layout-test-device-01" }));
  });
  await expect.poll(() => frames.some((f) => f.t === "tally")).toBe(true);
  await expect(thanks(page)).toBeHidden();
  await expect(page.locator("#poll-question")).toHaveText("How many ducks could you fight?");
  // As Lighthouse reports it (three decimals): 0.000.
  expect(await layoutShift()).toBeLessThan(0.0005);
});

test("exact across a SIGKILL: nothing acknowledged is lost, nothing is counted twice", async ({
  browser,
  problems,
}) => {
  const dataDir = mkdtempSync(join(tmpdir(), "pointless-polls-kill-"));
  const port = await freePort();
  const env = { COUNTER_DATA_DIR: dataDir, ...SUITE_LIMITS };
  let server = await startSiteProcess(env, { port });
  const contexts = [];
  try {
    // Four devices, each voting once on the first question.
    const visitors = [];
    for (let k = 0; k < 4; k++) {
      const context = await browser.newContext({ baseURL: server.origin, serviceWorkers: "block" });
      contexts.push(context);
      const page = await context.newPage();
      const frames = pollFrames(page);
      await open(page, "/polls");
      await expect.poll(() => frames.some((f) => f.t === "tallies")).toBe(true);
      visitors.push({ page, frames });
    }
    const answers = ["Yes", "No", "It's a taco, wake up", "Yes"];
    for (const [k, { page, frames }] of visitors.slice(0, 3).entries()) {
      await vote(page, answers[k] as string);
      await expect.poll(() => frames.some((f) => f.t === "ok")).toBe(true);
    }
    // The fourth vote is on its way when the server is killed: its answer may never come.
    const last = visitors[3] as (typeof visitors)[number];
    await vote(last.page, "Yes");
    await stopProcess(server.child, "SIGKILL");
    server = await startSiteProcess(env, { port });

    // The pages come back by themselves; the fourth sends its vote again: counted once, whether
    // or not the killed server had written it.
    await expect
      .poll(() => serverCounts(last.page), { timeout: 20_000 })
      .toEqual([
        [2, 1, 1],
        [0, 0, 0],
        [0, 0, 0],
        [0, 0, 0],
        [0, 0, 0],
      ]);
    await expect.poll(() => last.frames.filter((f) => f.t === "ok").length, { timeout: 20_000 }).toBe(1);
    // Its device votes on the first question again, in a new tab: nothing more is counted.
    const again = await last.page.context().newPage();
    await installPausedClock(again);
    const frames = pollFrames(again);
    await open(again, "/polls");
    await expect.poll(() => frames.some((f) => f.t === "tallies")).toBe(true);
    await vote(again, "No");
    await expect(result(again)).toHaveText(
      "You voted on this one before, so that vote stands. You and 50% of 4 voters picked 'Yes'.",
    );
    expect((await serverCounts(again))[0]).toEqual([2, 1, 1]);
    // While the server was down, each page's tries were refused, and the browser said so.
    allowProblems(problems, refusedWhileDown(server.origin, ["/api/polls"]));
    // A file a page was still fetching (a chunk it loads when idle) was cut by the SIGKILL the
    // test sends: the browser logs the reset (a fresh clone's run, 1 load in 4 here).
    allowProblems(
      problems,
      (line) =>
        line.startsWith("console.error: Failed to load resource: net::ERR_CONNECTION_RESET") &&
        line.includes(`(${server.origin}/assets/`),
    );
  } finally {
    for (const context of contexts) await context.close();
    await stopProcess(server.child);
    rmSync(dataDir, { recursive: true, force: true });
  }
});
