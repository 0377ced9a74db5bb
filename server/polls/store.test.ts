import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { QUESTIONS } from "../../contracts/polls.ts";
import { testBackends } from "../test/stores.ts";
import { redisPollStore } from "./redis.ts";
import { sqlitePollStore } from "./sqlite.ts";
import { noCounts, type PollStore, type Vote } from "./store.ts";

/** The same tests against both adapters: SQLite in a new folder, and the test Redis, flushed. */
const stores = testBackends.map(
  ([name, open]) =>
    [
      name,
      async (maxVotes = 1000) => {
        const { backends, cleanUp } = await open();
        const storeOn = (): PollStore =>
          backends.kind === "redis"
            ? redisPollStore(backends.redis, maxVotes)
            : sqlitePollStore(backends.sqlite, maxVotes);
        return { store: storeOn(), storeOn, backends, cleanUp };
      },
    ] as const,
);

const device = (k: number) => `device-${String(k).padStart(12, "0")}`;

describe.each(stores)("the polls on %s", (_, open) => {
  let opened: Awaited<ReturnType<typeof open>> | undefined;
  const use = async (maxVotes?: number) => {
    opened = await open(maxVotes);
    return opened.store;
  };
  beforeEach(() => {
    opened = undefined;
  });
  afterEach(() => opened?.cleanUp());

  it("starts with no votes on any of the five questions", async () => {
    const store = await use();
    expect((await store.counts()).counts).toEqual(noCounts(QUESTIONS));
  });

  it("names its data with one generation while the data lasts, and another once it was lost", async () => {
    const store = await use();
    const { generation } = await store.counts();
    expect(generation).toMatch(/^[\w-]{8}$/);
    expect((await store.vote([{ q: 0, a: 0, device: device(1) }])).generation).toBe(generation);
    // Another server process (or this one restarted) on the same data: the same generation.
    expect((await opened?.storeOn().counts())?.generation).toBe(generation);
    if (opened?.backends.kind !== "redis") return;
    await opened.backends.redis().flushDb();
    const after = await store.counts();
    expect(after.counts).toEqual(noCounts(QUESTIONS));
    expect(after.generation).not.toBe(generation);
    expect((await store.vote([{ q: 0, a: 0, device: device(1) }])).generation).toBe(after.generation);
  });

  it("counts a device's first vote on a question, and answers a later one with the vote that stands", async () => {
    const store = await use();
    expect(await store.vote([{ q: 3, a: 0, device: device(1) }])).toEqual({
      generation: expect.any(String),
      outcomes: [{ counted: true, answer: 0 }],
      counts: [
        [0, 0, 0],
        [0, 0, 0],
        [0, 0, 0],
        [1, 0, 0],
        [0, 0, 0],
      ],
    });
    // The same device again, another answer: nothing counted, its first answer stands.
    const again = await store.vote([{ q: 3, a: 2, device: device(1) }]);
    expect(again.outcomes).toEqual([{ counted: false, answer: 0 }]);
    expect(again.counts[3]).toEqual([1, 0, 0]);
    // The same device on another question, and another device on the same one, count.
    const more = await store.vote([
      { q: 4, a: 2, device: device(1) },
      { q: 3, a: 2, device: device(2) },
    ]);
    expect(more.outcomes).toEqual([
      { counted: true, answer: 2 },
      { counted: true, answer: 2 },
    ]);
    expect((await store.counts()).counts).toEqual([
      [0, 0, 0],
      [0, 0, 0],
      [0, 0, 0],
      [1, 0, 1],
      [0, 0, 1],
    ]);
  });

  it("counts one vote per device and question within a batch too", async () => {
    const store = await use();
    const result = await store.vote([
      { q: 0, a: 1, device: device(7) },
      { q: 0, a: 2, device: device(7) },
      { q: 0, a: 1, device: device(7) },
    ]);
    expect(result.outcomes).toEqual([
      { counted: true, answer: 1 },
      { counted: false, answer: 1 },
      { counted: false, answer: 1 },
    ]);
    expect(result.counts[0]).toEqual([0, 1, 0]);
  });

  it("adds up many writers at once exactly: each device's first vote on each question, once", async () => {
    const store = await use();
    // 40 writers of 25 votes each, 30 devices on five questions: many votes repeat across writers.
    const writers: Vote[][] = Array.from({ length: 40 }, (_, w) =>
      Array.from({ length: 25 }, (_, j) => ({ q: (w + j) % 5, a: (w * j) % 3, device: device((w * 7 + j) % 30) })),
    );
    const results = await Promise.all(writers.map((votes) => opened?.store.vote(votes)));
    const pairs = new Set(writers.flat().map((v) => `${v.q}:${v.device}`));
    const counted = results.flatMap((result, w) =>
      (result?.outcomes ?? []).flatMap((outcome, j) => (outcome.counted ? [writers[w]?.[j] as Vote] : [])),
    );
    // Every (question, device) counted exactly once, by one of the votes that named it.
    expect(counted.map((v) => `${v.q}:${v.device}`).sort()).toEqual([...pairs].sort());
    const expected = noCounts(QUESTIONS);
    for (const v of counted) (expected[v.q] as number[])[v.a] = (expected[v.q]?.[v.a] ?? 0) + 1;
    expect((await store.counts()).counts).toEqual(expected);
    // And every later vote was told the answer that stands.
    const stands = new Map(counted.map((v) => [`${v.q}:${v.device}`, v.a]));
    for (const [w, result] of results.entries()) {
      for (const [j, outcome] of (result?.outcomes ?? []).entries()) {
        const vote = writers[w]?.[j] as Vote;
        expect(outcome.answer).toBe(stands.get(`${vote.q}:${vote.device}`));
      }
    }
  });

  it("remembers at most the cap: the votes cast first are forgotten first, and the tallies never go down", async () => {
    const store = await use(3);
    for (const k of [1, 2, 3, 4]) await store.vote([{ q: 0, a: 0, device: device(k) }]);
    // Four votes, room for three: device 1's was forgotten, so it may vote again.
    expect((await store.vote([{ q: 0, a: 1, device: device(1) }])).outcomes).toEqual([{ counted: true, answer: 1 }]);
    // That pushed out device 2's; device 3's and 4's are still remembered.
    expect((await store.vote([{ q: 0, a: 2, device: device(3) }])).outcomes).toEqual([{ counted: false, answer: 0 }]);
    expect((await store.vote([{ q: 0, a: 2, device: device(4) }])).outcomes).toEqual([{ counted: false, answer: 0 }]);
    expect((await store.vote([{ q: 0, a: 2, device: device(2) }])).outcomes).toEqual([{ counted: true, answer: 2 }]);
    expect((await store.counts()).counts[0]).toEqual([4, 1, 1]);
  });

  it("forgets past the cap at least as fast as a batch adds", async () => {
    const store = await use(10);
    const batch = (from: number) =>
      Array.from({ length: 30 }, (_, k) => ({ q: 1, a: k % 3, device: device(from + k) }));
    await store.vote(batch(0));
    await store.vote(batch(100));
    // The first batch is forgotten whole (60 votes cast, 10 remembered: the last ten of the second).
    const again = await store.vote([
      { q: 1, a: 0, device: device(29) },
      { q: 1, a: 0, device: device(129) },
    ]);
    expect(again.outcomes.map((o) => o.counted)).toEqual([true, false]);
    expect((await store.counts()).counts[1]).toEqual([21, 20, 20]);
  });
});
