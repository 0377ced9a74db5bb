import { describe, expect, it } from "vitest";
import { CLOSE } from "../../contracts/live.ts";
import type { Counts } from "../../contracts/polls.ts";
import { openLive } from "../test/live-client.ts";
import { siteProcess } from "../test/site-process.ts";
import { countsOver, openPolls } from "./test-visitor.ts";

/** The polls against the real server process, on SQLite. */
const server = siteProcess({ POLLS_VOTE_LIMIT: "1000/10000", LIVE_MAX_PER_ADDRESS: "50" });
const device = (name: string) => `live-test-${name}`.padEnd(20, "0");

describe("the polls, live", () => {
  it("gives a newcomer every count, and another visitor's vote within a fraction of a second", async () => {
    const [voter, watcher] = await Promise.all([openPolls(server.origin), openPolls(server.origin)]);
    const before = watcher.counts() as Counts[];
    expect(before).toHaveLength(5);
    const answer = await voter.vote({ q: 1, a: 2, device: device("newcomer") });
    expect(answer).toMatchObject({ t: "ok", counted: true, answer: 2 });
    await watcher.client.until(() => watcher.counts()?.[1]?.[2] === (before[1]?.[2] ?? 0) + 1, 2000);
    // A newcomer hears the counts with the vote in them.
    const newcomer = await openPolls(server.origin);
    expect(newcomer.counts()).toEqual(watcher.counts());
    expect(await countsOver(server.origin)).toEqual(watcher.counts());
    for (const visitor of [voter, watcher, newcomer]) visitor.close();
  });

  it("counts one vote per visitor and question, however many device ids a bot makes up", async () => {
    // As tried against 27fa28e: 60 votes on one question from one channel, each naming a new
    // device, over 3.6 s: 20 were answered ok, and the question's total went from 1 to 21. Here
    // within the topic's message limit (40 at once, 5 a second), so every vote is answered.
    const bot = await openPolls(server.origin);
    const before = (await countsOver(server.origin))[4] as Counts;
    const ids: number[] = [];
    for (let k = 0; k < 60; k++) {
      ids.push(bot.send({ q: 4, a: k % 3, device: device(`bot-${k}`) }));
      await new Promise((resolve) => setTimeout(resolve, 80));
    }
    await bot.client.until(() => ids.every((id) => bot.answerTo(id) !== undefined), 10_000);
    const counted = ids.filter((id) => (bot.answerTo(id) as { counted?: boolean }).counted === true);
    expect(counted).toHaveLength(1);
    const after = (await countsOver(server.origin))[4] as Counts;
    expect(after.reduce((sum, n) => sum + n, 0)).toBe(before.reduce((sum, n) => sum + n, 0) + 1);
    bot.close();
  });

  it("counts one vote per visitor and question: a later one is answered with the vote that stands", async () => {
    const voter = await openPolls(server.origin);
    const first = await voter.vote({ q: 3, a: 0, device: device("twice") });
    expect(first).toMatchObject({ t: "ok", counted: true, answer: 0 });
    const counts = (first as { counts: Counts }).counts;
    expect(await voter.vote({ q: 3, a: 1, device: device("twice") })).toEqual({
      topic: "polls",
      t: "ok",
      n: 2,
      q: 3,
      counted: false,
      answer: 0,
      counts,
    });
    expect((await countsOver(server.origin))[3]).toEqual(counts);
    voter.close();
  });

  it("refuses a vote for an unknown question or answer, or from a malformed device id, with a reason, storing nothing", async () => {
    const voter = await openPolls(server.origin);
    const before = await countsOver(server.origin);
    expect(await voter.vote({ q: 7, a: 0, device: device("bad") })).toMatchObject({
      t: "no",
      error: "There is no poll 7: the polls are numbered 0 to 4.",
    });
    expect(await voter.vote({ q: 0, a: 3, device: device("bad") })).toMatchObject({
      t: "no",
      error: "There is no answer 3: each poll's answers are numbered 0 to 2.",
    });
    expect(await voter.vote({ q: 0, a: 0, device: "robert'); DROP TABLE poll_votes;--" })).toMatchObject({
      t: "no",
      error: "A device id is 16 to 64 letters, digits, dashes or underscores.",
    });
    expect(await countsOver(server.origin)).toEqual(before);
    voter.close();
  });

  it("closes the channel on a message that is not a vote of the topic's shape, and stays up", async () => {
    const vote = { topic: "polls", t: "vote", n: 1, q: 0, a: 0, device: device("shape") };
    const cases = [
      "not json",
      JSON.stringify({ ...vote, q: 1.5 }),
      JSON.stringify({ ...vote, a: -1 }),
      JSON.stringify({ ...vote, q: "0" }),
      JSON.stringify({ ...vote, device: 1234567890 }),
      JSON.stringify({ ...vote, device: "x".repeat(101) }),
      JSON.stringify({ ...vote, extra: true }),
      JSON.stringify({ topic: "polls", t: "vote", n: 1, q: 0, a: 0 }),
      JSON.stringify({ topic: "polls", t: "pop", n: 1, sheet: 1, i: [1] }),
    ];
    const before = await countsOver(server.origin);
    for (const message of cases) {
      const client = await openLive(server.origin, ["polls"]);
      client.ws.send(message);
      expect((await client.closed).code, message).toBe(CLOSE.malformed);
    }
    expect(await countsOver(server.origin)).toEqual(before);
  });

  it("answers GET /api/polls with every count, not to be cached", async () => {
    const response = await fetch(`${server.origin}/api/polls`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const { counts } = (await response.json()) as { counts: Counts[] };
    expect(counts).toHaveLength(5);
    for (const question of counts) expect(question).toHaveLength(3);
  });
});

describe("a flood of votes from one address", () => {
  const limited = siteProcess({ POLLS_VOTE_LIMIT: "5/60" });

  it("is refused past the limit with a reason and when to try again; nothing of it is stored", async () => {
    const voter = await openPolls(limited.origin);
    const ids = Array.from({ length: 12 }, (_, k) => voter.send({ q: k % 5, a: 0, device: device(`flood-${k}`) }));
    await voter.client.until(() => ids.every((id) => voter.answerTo(id) !== undefined));
    const answers = ids.map((id) => voter.answerTo(id));
    expect(answers.filter((m) => m?.t === "ok")).toHaveLength(5);
    const refused = answers.filter((m) => m?.t === "no");
    expect(refused).toHaveLength(7);
    for (const no of refused) {
      expect(no).toMatchObject({ error: "Nobody votes that fast. Slow down a little." });
      expect((no as { retryMs: number }).retryMs).toBeGreaterThan(0);
    }
    const counts = await countsOver(limited.origin);
    expect(counts.flat().reduce((sum, n) => sum + n, 0)).toBe(5);
    // A channel that sends more than any page could is cut off; the server goes on.
    const flooder = await openLive(limited.origin, ["polls"]);
    for (let k = 0; k < 60; k++) flooder.send({ t: "vote", n: k + 1, q: 0, a: 0, device: device(`cut-${k}`) });
    expect((await flooder.closed).code).toBe(CLOSE.malformed);
    expect((await fetch(`${limited.origin}/api/polls`)).status).toBe(200);
    voter.close();
  });
});
