import { afterEach, describe, expect, it } from "vitest";
import type { Counts } from "../../contracts/polls.ts";
import { createBus } from "../live/bus.ts";
import { createLogger } from "../ops/log.ts";
import { createStoreGuard } from "../ops/store-guard.ts";
import { firstAnswerLost, processGuard } from "../test/lost-answer.ts";
import { testPeer } from "../test/peer.ts";
import { testBackends } from "../test/stores.ts";
import { createPollHub, type PollHubOptions } from "./hub.ts";
import { sqlitePollStore } from "./sqlite.ts";
import type { PollStore } from "./store.ts";

/** The polls' hub in this process, on SQLite: what its visitors are sent, and when. */
const quiet = createLogger("error", () => {});
const cleanUps: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanUp of cleanUps.splice(0).reverse()) await cleanUp();
});

const until = async (ready: () => boolean, ms = 3000) => {
  for (const started = Date.now(); !ready(); ) {
    if (Date.now() - started > ms) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};

const device = (k: number) => `hub-test-device-${String(k).padStart(4, "0")}`;

async function openStore() {
  const [, open] = testBackends[0] as (typeof testBackends)[number];
  const { backends, cleanUp } = await open();
  cleanUps.push(cleanUp);
  return backends;
}

async function hubOn(backends: Awaited<ReturnType<typeof openStore>>, options: Partial<PollHubOptions> = {}) {
  const hub = createPollHub({
    store: sqlitePollStore(backends.sqlite, 1000),
    bus: createBus(backends, quiet),
    guard: backends.guard,
    log: quiet,
    limiter: { take: async () => 0 },
    ...options,
  });
  cleanUps.push(() => hub.stop());
  await hub.counts();
  return hub;
}

const tallies = (peer: ReturnType<typeof testPeer>) => peer.texts.filter((m) => m.t === "tally");
const answer = (peer: ReturnType<typeof testPeer>, n: number) =>
  peer.texts.find((m) => (m.t === "ok" || m.t === "no") && m.n === n);

describe("the polls' hub", () => {
  it("gives a newcomer every count, answers a vote with its outcome, and tells everyone in one message per question", async () => {
    const hub = await hubOn(await openStore(), { sendMs: 100 });
    const [voter, watcher] = [testPeer(), testPeer()];
    hub.join(voter);
    hub.join(watcher);
    expect(watcher.texts).toEqual([
      {
        t: "tallies",
        // The generation of the store's data the counts are of.
        gen: expect.stringMatching(/^[\w-]{8}$/),
        counts: [
          [0, 0, 0],
          [0, 0, 0],
          [0, 0, 0],
          [0, 0, 0],
          [0, 0, 0],
        ],
      },
    ]);

    // Ten visitors' votes in one moment (the first of them `voter`): one write, and one tally
    // message for the question.
    const voters = [voter, ...Array.from({ length: 9 }, (_, k) => testPeer("127.0.0.1", device(k + 1)))];
    for (const [k, peer] of voters.entries()) await hub.vote(peer, { n: k + 1, q: 2, a: k % 3, device: device(k) });
    await until(() => answer(voters[9] as typeof voter, 10) !== undefined);
    expect(answer(voter, 1)).toMatchObject({ t: "ok", n: 1, counted: true, answer: 0 });
    expect(answer(voters[9] as typeof voter, 10)).toEqual({
      t: "ok",
      n: 10,
      q: 2,
      counted: true,
      answer: 0,
      counts: [4, 3, 3],
    });
    await until(() => tallies(watcher).length > 0);
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(tallies(watcher)).toEqual([{ topic: "polls", t: "tally", q: 2, counts: [4, 3, 3] }]);
  });

  it("counts nothing for a visitor's second vote on a question, whatever device it names, and answers with its first", async () => {
    const hub = await hubOn(await openStore(), { sendMs: 50 });
    const [voter, watcher] = [testPeer(), testPeer()];
    hub.join(voter);
    await hub.vote(voter, { n: 1, q: 0, a: 1, device: device(1) });
    // Everyone has heard of the first vote before the watcher comes.
    await until(() => tallies(voter).length > 0);
    hub.join(watcher);
    // A bot names a new device id for every vote: the vote is still the visitor's second.
    await hub.vote(voter, { n: 2, q: 0, a: 2, device: device(2) });
    await until(() => answer(voter, 2) !== undefined);
    expect(answer(voter, 2)).toEqual({ t: "ok", n: 2, q: 0, counted: false, answer: 1, counts: [0, 1, 0] });
    await new Promise((resolve) => setTimeout(resolve, 150));
    // Nothing changed: nothing to tell.
    expect(tallies(watcher)).toEqual([]);
    expect((await hub.counts())?.[0]).toEqual([0, 1, 0]);
  });

  it("refuses an unknown question or answer, a malformed device id, and a vote over the limit, storing nothing", async () => {
    let wait = 0;
    const backends = await openStore();
    const hub = await hubOn(backends, { limiter: { take: async () => wait } });
    const voter = testPeer();
    hub.join(voter);
    await hub.vote(voter, { n: 1, q: 5, a: 0, device: device(1) });
    await hub.vote(voter, { n: 2, q: 0, a: 3, device: device(1) });
    await hub.vote(voter, { n: 3, q: 0, a: 0, device: "not an id" });
    wait = 1234;
    await hub.vote(voter, { n: 4, q: 0, a: 0, device: device(1) });
    expect(voter.texts.slice(1)).toEqual([
      { t: "no", n: 1, error: "There is no poll 5: the polls are numbered 0 to 4." },
      { t: "no", n: 2, error: "There is no answer 3: each poll's answers are numbered 0 to 2." },
      { t: "no", n: 3, error: "A device id is 16 to 64 letters, digits, dashes or underscores." },
      { t: "no", n: 4, error: "Nobody votes that fast. Slow down a little.", retryMs: 1234 },
    ]);
    await hub.flush();
    expect((await sqlitePollStore(backends.sqlite, 1000).counts()).counts).toEqual(await hub.counts());
    expect((await hub.counts())?.flat().every((n) => n === 0)).toBe(true);
  });

  it("asks a vote to wait when the store misses its deadline, and tells everyone when the write lands after all", async () => {
    const backends = await openStore();
    const real = sqlitePollStore(backends.sqlite, 1000);
    let release = () => {};
    const slow: PollStore = {
      counts: () => real.counts(),
      vote: async (votes) => {
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return real.vote(votes);
      },
    };
    const hub = await hubOn(backends, {
      store: slow,
      guard: createStoreGuard({ name: "slow", deadlineMs: 50, log: quiet }),
      sendMs: 20,
    });
    const [voter, watcher] = [testPeer(), testPeer()];
    hub.join(voter);
    hub.join(watcher);
    await hub.vote(voter, { n: 1, q: 4, a: 2, device: device(1) });
    await until(() => answer(voter, 1) !== undefined);
    expect(answer(voter, 1)).toMatchObject({ t: "no", n: 1, retryMs: 2000 });
    release();
    await until(() => tallies(watcher).length > 0);
    expect(tallies(watcher)).toEqual([{ topic: "polls", t: "tally", q: 4, counts: [0, 0, 1] as Counts }]);
  });

  it("heals from the store what the bus lost", async () => {
    const backends = await openStore();
    // Two hubs on one store, each with a bus of its own: nothing one publishes reaches the other.
    const here = await hubOn(backends);
    const elsewhere = await hubOn(backends, { checkMs: 100, sendMs: 20 });
    const [voter, watcher] = [testPeer(), testPeer()];
    here.join(voter);
    elsewhere.join(watcher);
    await here.vote(voter, { n: 1, q: 1, a: 1, device: device(1) });
    await until(() => tallies(watcher).length > 0);
    expect(tallies(watcher)).toEqual([{ topic: "polls", t: "tally", q: 1, counts: [0, 1, 0] }]);
  });
  it("tells every process of a vote sent again because the answer to its first write was lost", async () => {
    const backends = await openStore();
    const real = sqlitePollStore(backends.sqlite, 1000);
    // The first write lands, and its answer is lost: no news of it goes out. Two processes on one
    // bus, a guard each: the first one's trouble is not the second's.
    const bus = createBus(backends, quiet);
    const first = await hubOn(backends, {
      store: firstAnswerLost(real, "vote"),
      bus,
      guard: processGuard(),
      sendMs: 20,
    });
    const second = await hubOn(backends, { store: real, bus, guard: processGuard(), sendMs: 20 });
    const [voter, watcher] = [testPeer("127.0.0.1", device(1)), testPeer()];
    first.join(voter);
    first.join(watcher);
    await first.vote(voter, { n: 1, q: 3, a: 1, device: device(1) });
    await until(() => answer(voter, 1) !== undefined);
    expect(answer(voter, 1)).toMatchObject({ t: "no", n: 1 });
    // The page sends it again, here to the other process: counted before, it counts nothing now.
    const again = testPeer("127.0.0.1", device(1));
    await second.vote(again, { n: 1, q: 3, a: 1, device: device(1) });
    await until(() => answer(again, 1) !== undefined);
    expect(answer(again, 1)).toMatchObject({ t: "ok", counted: false });
    await until(() => tallies(watcher).length > 0);
    expect(tallies(watcher)).toEqual([{ topic: "polls", t: "tally", q: 3, counts: [0, 1, 0] }]);
  });
});
