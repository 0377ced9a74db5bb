import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { QUESTIONS } from "../../contracts/polls.ts";
import { freePort, startSiteProcess, stopProcess } from "../../scripts/lib/local-servers.ts";
import { ownRedis } from "../test/own-redis.ts";
import { makeSiteFixture } from "../test/site-fixture.ts";
import { countsOver, openPolls, type PollsVisitor } from "./test-visitor.ts";

/**
 * A server killed (SIGKILL) while visitors vote, then started again on the same port and data:
 * every vote it acknowledged is still counted, and when the visitors come back (with the visitor
 * token their browser keeps) and send again every vote they sent, as pages do after a reconnect,
 * each visitor is counted once per question, exactly.
 * On SQLite (its WAL file) and on Redis (with an append-only file written before each answer).
 */
let site: ReturnType<typeof makeSiteFixture>;
const redis = ownRedis({ appendOnly: true });

beforeAll(() => {
  site = makeSiteFixture();
});
afterAll(() => site.remove());

const VISITORS = 30;
const stores: [string, () => Record<string, string>][] = [
  ["SQLite", () => ({ COUNTER_DATA_DIR: join(site.root, "sqlite-data") })],
  ["Redis", () => ({ REDIS_URL: redis.url })],
];

describe.each(stores)("a server killed while visitors vote, on %s", (_, store) => {
  it("keeps every vote it acknowledged, and counts each visitor once per question after the restart", async () => {
    const port = await freePort();
    const env = {
      ...store(),
      SITE_DIR: site.client,
      POLLS_VOTE_LIMIT: "100000/1000000",
      LIVE_MAX_PER_ADDRESS: "100",
      LIVE_UPGRADE_LIMIT: "1000/100000",
    };
    let server = await startSiteProcess(env, { port });
    const before = await countsOver(server.origin);
    const visitors = await Promise.all(Array.from({ length: VISITORS }, () => openPolls(server.origin)));
    // Each visitor votes on the next question four times a second (a page's pace is slower), one
    // answer each, until it has voted on every question.
    const sent = new Map<PollsVisitor, Map<number, { q: number; a: number; device: string }>>(
      visitors.map((visitor) => [visitor, new Map()]),
    );
    let next = 0;
    const acknowledged = () =>
      visitors.flatMap((visitor) =>
        [...(sent.get(visitor) ?? [])].filter(([n]) => visitor.answerTo(n)?.t === "ok").map(([, vote]) => vote),
      );
    const voteOnce = () => {
      const round = next++;
      if (round >= QUESTIONS) return;
      for (const [k, visitor] of visitors.entries()) {
        if (visitor.client.ws.readyState !== visitor.client.ws.OPEN) continue;
        const vote = { q: round, a: (k + round) % 3, device: `kill-${port}-${String(k).padStart(8, "0")}` };
        sent.get(visitor)?.set(visitor.send(vote), vote);
      }
    };
    const killed = new Promise<void>((resolve) => {
      const voting = setInterval(() => {
        voteOnce();
        // Once it has acknowledged a few dozen, it is killed with one more round of votes on their
        // way: sent in the same moment as the signal, so none of them can have been answered.
        if (acknowledged().length < VISITORS && next < QUESTIONS - 1) return;
        clearInterval(voting);
        voteOnce();
        void stopProcess(server.child, "SIGKILL").then(resolve);
      }, 250);
    });
    await killed;
    const kept = acknowledged();
    const all = visitors.flatMap((visitor) => [...(sent.get(visitor)?.values() ?? [])]);
    expect(all.length).toBeGreaterThan(kept.length);

    server = await startSiteProcess(env, { port });
    try {
      const expected = (votes: typeof all) => {
        const counts = before.map((c) => [...c]);
        for (const { q, a } of votes) (counts[q] as number[])[a] = (counts[q]?.[a] ?? 0) + 1;
        return counts;
      };
      // Nothing acknowledged is lost (and nothing was counted that was not sent).
      const after = await countsOver(server.origin);
      const [least, most] = [expected(kept), expected(all)];
      for (let q = 0; q < QUESTIONS; q++) {
        for (let a = 0; a < 3; a++) {
          expect(after[q]?.[a]).toBeGreaterThanOrEqual(least[q]?.[a] ?? 0);
          expect(after[q]?.[a]).toBeLessThanOrEqual(most[q]?.[a] ?? 0);
        }
      }
      // The pages come back and send again what they sent: each visitor is counted once.
      const back = await Promise.all(
        visitors.map(async (visitor) => {
          const again = await openPolls(server.origin, { visitor: visitor.token });
          for (const vote of sent.get(visitor)?.values() ?? []) {
            expect(await again.vote(vote)).toMatchObject({ t: "ok", answer: vote.a });
          }
          return again;
        }),
      );
      const watcher = back[0] as PollsVisitor;
      await watcher.client.until(() => JSON.stringify(watcher.counts()) === JSON.stringify(expected(all)), 3000);
      expect(await countsOver(server.origin)).toEqual(expected(all));
      for (const visitor of back) visitor.close();
    } finally {
      await stopProcess(server.child);
    }
  }, 40_000);
});
