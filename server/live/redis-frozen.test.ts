import { expect, it } from "vitest";
import { CLAPS_PATH, type CrowdJson } from "../../contracts/claps.ts";
import { type Counts, POLLS_PATH } from "../../contracts/polls.ts";
import { applyCells, type CellsMessage, decodeCells, WALL_PATH, type WallJson } from "../../contracts/wall.ts";
import { startSiteProcess, stopProcess } from "../../scripts/lib/local-servers.ts";
import { type LiveClient, openLive } from "../test/live-client.ts";
import { ownRedis } from "../test/own-redis.ts";
import { makeSiteFixture } from "../test/site-fixture.ts";

/**
 * The three shared toys of issue 38 (polls, claps, wall) against a real redis-server that stops
 * answering (SIGSTOP) while a visitor votes, claps and paints, as server/ops/redis-outage.test.ts
 * does for the counter: each action is answered by the store's deadline with a `no` that says it waits
 * (never left without an answer), the channel stays open, pages are served; once Redis wakes, the
 * page sends the same actions again (after the `retryMs` it was given, as pages do) and each is
 * counted once, whatever Redis did with the first try when it woke up.
 */
const redis = ownRedis();
const DEADLINE_MS = 1000;

type Message = { topic?: string; t: string; n?: number; retryMs?: number; error?: string } & Record<string, unknown>;
const heard = (client: LiveClient) => client.messages as unknown as Message[];
const answerTo = (client: LiveClient, topic: string, n: number) =>
  heard(client).find((m) => m.topic === topic && (m.t === "ok" || m.t === "no") && m.n === n);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The polls' counts, the claps' total and the wall's cells as a page keeps them from what it heard. */
function seenBy(client: LiveClient) {
  let counts: Counts[] | null = null;
  let total: number | null = null;
  let wall: { cells: Uint8Array; seq: number } | null = null;
  for (const m of heard(client)) {
    if (m.t === "tallies") counts = (m.counts as Counts[]).map((c): Counts => [...c]);
    else if (m.t === "tally" && counts) counts[m.q as number] = m.counts as Counts;
    else if (m.t === "crowd") total = m.total as number;
    else if (m.t === "wall") {
      const cells = decodeCells(m.cells as string);
      wall = cells && { cells, seq: m.seq as number };
    } else if (m.t === "cells" && wall) applyCells(wall, m as unknown as CellsMessage);
  }
  return { counts, total, cells: wall?.cells ?? null };
}

it("answers each vote, clap batch and paint by the store's deadline, keeps the channel, and counts each once when Redis is back", async () => {
  const site = makeSiteFixture();
  redis.undoLater(async () => site.remove());
  const server = await startSiteProcess({
    SITE_DIR: site.client,
    REDIS_URL: redis.url,
    STORE_DEADLINE_MS: String(DEADLINE_MS),
    POLLS_VOTE_LIMIT: "1000/10000",
    CLAPS_LIMIT: "1000/10000",
    WALL_COOLDOWN_S: "1",
  });
  redis.undoLater(() => stopProcess(server.child));
  const json = async <T>(path: string) => (await (await fetch(server.origin + path)).json()) as T;
  const topics = ["polls", "claps", "wall"] as const;
  const [visitor, watcher] = [await openLive(server.origin, [...topics]), await openLive(server.origin, [...topics])];
  redis.undoLater(async () => {
    visitor.close();
    watcher.close();
  });
  // Everything as it stands, before anyone acts, and the visitor knows who it is (a page that
  // acts keeps the token it was given on an earlier visit).
  await watcher.until(() => ["tallies", "crowd", "wall"].every((t) => heard(watcher).some((m) => m.t === t)));
  await visitor.until(() => visitor.visitor !== null);
  const votesBefore = (await json<{ counts: Counts[] }>(POLLS_PATH)).counts[2] as Counts;
  const clapsBefore = (await json<CrowdJson>(CLAPS_PATH)).total;

  let n = 0;
  const device = "frozen-redis-device-01";
  const page = "frozen-redis-page-0001";
  const act = () => {
    const numbers = { polls: ++n, claps: ++n, wall: ++n };
    visitor.send({ topic: "polls", t: "vote", n: numbers.polls, q: 2, a: 1, device });
    visitor.send({ topic: "claps", t: "clap", n: numbers.claps, page, batch: 1, count: 7 });
    visitor.send({ topic: "wall", t: "paint", n: numbers.wall, id: "frozen-redis-paint-01", cell: 123, e: 4 });
    return numbers;
  };
  const answers = async (numbers: Record<(typeof topics)[number], number>) => {
    await visitor.until(() => topics.every((topic) => answerTo(visitor, topic, numbers[topic])), 10_000);
    return topics.map((topic) => answerTo(visitor, topic, numbers[topic]));
  };

  const beforeFreeze = server.logs.length;
  redis.child.kill("SIGSTOP");
  let frozen: (Message | undefined)[];
  try {
    // The limits' checks and the writes each meet the deadline (a limit counts in memory then):
    // every action is told it waits, in words, and when to try again.
    frozen = await answers(act());
    expect(await fetch(`${server.origin}/hi`).then((r) => r.text())).toBe("<p>hi</p>");
    expect((await fetch(`${server.origin}/healthz`)).status).toBe(200);
  } finally {
    redis.child.kill("SIGCONT");
  }
  for (const answer of frozen) {
    expect(answer).toMatchObject({ t: "no", retryMs: 2000, error: expect.stringMatching(/\w/) });
  }
  expect(visitor.ws.readyState).toBe(visitor.ws.OPEN);
  // The deadline is what answered them (the server's clock timed it, not the test's).
  expect(server.logs.slice(beforeFreeze).join("\n")).toContain(`no answer within ${DEADLINE_MS} ms`);

  // The page tries again when it was told to, with the same device, batch and paint.
  await pause(2000);
  const again = await answers(act());
  for (const answer of again) expect(answer).toMatchObject({ t: "ok" });

  // Each counted once: one vote more for the answer, seven claps more, the cell painted.
  const votes: Counts = [...votesBefore];
  votes[1] += 1;
  expect((await json<{ counts: Counts[] }>(POLLS_PATH)).counts[2]).toEqual(votes);
  expect((await json<CrowdJson>(CLAPS_PATH)).total).toBe(clapsBefore + 7);
  expect(decodeCells((await json<WallJson>(WALL_PATH)).cells)?.[123]).toBe(5);
  // And every visitor saw it live, in the toys' news or in a whole state sent again (a process that
  // reads its store again after Redis wakes sends everything it holds).
  await watcher.until(() => {
    const seen = seenBy(watcher);
    return (
      JSON.stringify(seen.counts?.[2]) === JSON.stringify(votes) &&
      seen.total === clapsBefore + 7 &&
      seen.cells?.[123] === 5
    );
  }, 5000);
  expect(server.child.exitCode).toBeNull();
}, 60_000);
