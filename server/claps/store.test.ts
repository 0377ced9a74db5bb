import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { REPLAY_WINDOW } from "../../contracts/claps.ts";
import { testBackends } from "../test/stores.ts";
import { redisClapStore } from "./redis.ts";
import { sqliteClapStore } from "./sqlite.ts";
import type { ClapStore } from "./store.ts";

const stores = testBackends.map(
  ([name, open]) =>
    [
      name,
      async (memoryMs?: number, maxPages?: number) => {
        const { backends, cleanUp } = await open();
        const storeOn = (): ClapStore =>
          backends.kind === "redis"
            ? redisClapStore(backends.redis, memoryMs, maxPages)
            : sqliteClapStore(backends.sqlite, memoryMs, maxPages);
        /** The pages the store holds a record of now (rows, or keys not yet expired). */
        const remembered = async () =>
          backends.kind === "redis"
            ? (await backends.redis().keys("{pointless}:claps:page:*")).length
            : Number(
                (backends.sqlite().prepare("SELECT count(*) AS n FROM clap_pages").get() as { n: number | bigint }).n,
              );
        return { store: storeOn(), storeOn, backends, cleanUp, remembered };
      },
    ] as const,
);

const PAGE = "page-aaaaaaaaaaaaaaaa";
const OTHER = "page-bbbbbbbbbbbbbbbb";

describe.each(stores)("the clap total on %s", (_, open) => {
  let opened: Awaited<ReturnType<typeof open>>;
  beforeEach(async () => {
    opened = await open();
  });
  afterEach(() => opened.cleanUp());

  it("starts at zero and adds each batch", async () => {
    expect((await opened.store.total()).total).toBe(0);
    expect(await opened.store.add([{ page: PAGE, batch: 1, count: 7 }], 1000)).toEqual({
      generation: expect.any(String),
      total: 7,
      admissions: ["counted"],
    });
    expect(
      await opened.store.add(
        [
          { page: PAGE, batch: 2, count: 3 },
          { page: OTHER, batch: 1, count: 30 },
        ],
        1000,
      ),
    ).toEqual({ generation: expect.any(String), total: 40, admissions: ["counted", "counted"] });
    expect((await opened.store.total()).total).toBe(40);
  });

  it("names its data with one generation while the data lasts, and another once it was lost", async () => {
    const { generation } = await opened.store.total();
    expect(generation).toMatch(/^[\w-]{8}$/);
    expect((await opened.store.add([{ page: PAGE, batch: 1, count: 7 }], 1000)).generation).toBe(generation);
    // Another server process (or this one restarted) on the same data: the same generation.
    expect((await opened.storeOn().total()).generation).toBe(generation);
    if (opened.backends.kind !== "redis") return;
    await opened.backends.redis().flushDb();
    const after = await opened.store.total();
    expect(after).toEqual({ total: 0, generation: expect.any(String) });
    expect(after.generation).not.toBe(generation);
    expect((await opened.store.add([{ page: PAGE, batch: 1, count: 7 }], 1000)).generation).toBe(after.generation);
  });

  it("counts a batch sent again once, in the same write or a later one, and refuses one too old", async () => {
    await opened.store.add([{ page: PAGE, batch: 1, count: 5 }], 1000);
    expect(
      await opened.store.add(
        [
          { page: PAGE, batch: 1, count: 5 },
          { page: PAGE, batch: 3, count: 2 },
          { page: PAGE, batch: 3, count: 2 },
          { page: PAGE, batch: 2, count: 4 },
        ],
        1000,
      ),
    ).toEqual({ generation: expect.any(String), total: 11, admissions: ["repeat", "counted", "repeat", "counted"] });
    // Another page's batch 1 is its own.
    expect(await opened.store.add([{ page: OTHER, batch: 1, count: 1 }], 1000)).toEqual({
      generation: expect.any(String),
      total: 12,
      admissions: ["counted"],
    });
    await opened.store.add([{ page: PAGE, batch: 3 + REPLAY_WINDOW, count: 1 }], 1000);
    expect(await opened.store.add([{ page: PAGE, batch: 3, count: 2 }], 1000)).toEqual({
      generation: expect.any(String),
      total: 13,
      admissions: ["stale"],
    });
  });

  it("adds up batches from many writers at once exactly", async () => {
    // 40 pages writing 10 batches each, every batch sent twice, all at once.
    const writes = Array.from({ length: 40 }, (_, p) =>
      Array.from({ length: 10 }, (_, b) => ({
        page: `writer-${String(p).padStart(12, "0")}`,
        batch: b + 1,
        count: 1 + (b % 5),
      })),
    ).flat();
    const results = await Promise.all([...writes, ...writes].map((batch) => opened.store.add([batch], 1000)));
    const expected = writes.reduce((sum, b) => sum + b.count, 0);
    expect((await opened.store.total()).total).toBe(expected);
    expect(results.filter((r) => r.admissions[0] === "counted")).toHaveLength(writes.length);
  });
});

describe.each(stores)("pages remembered on %s", (_, open) => {
  it("forgets a page after its memory: its batches count again (the page gave them up long before)", async () => {
    // Redis expires the key on its own clock, so the memory is real time: long enough that the
    // second write surely comes within it on a loaded machine (50 ms did not: the unit stage
    // beside the browser tests, load 8-12, read "counted"), and waited out after it. SQLite
    // reads the clock it is given.
    const memory = 1500;
    const opened = await open(memory);
    try {
      await opened.store.add([{ page: PAGE, batch: 1, count: 2 }], 1000);
      expect((await opened.store.add([{ page: PAGE, batch: 1, count: 2 }], 1010)).admissions).toEqual(["repeat"]);
      await new Promise((resolve) => setTimeout(resolve, memory + 100));
      expect(await opened.store.add([{ page: PAGE, batch: 1, count: 2 }], 1000 + memory + 200)).toEqual({
        generation: expect.any(String),
        total: 4,
        admissions: ["counted"],
      });
    } finally {
      await opened.cleanUp();
    }
  });
});

describe.each(stores)("the pages remembered on %s", (_, open) => {
  const cleanUps: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanUp of cleanUps.splice(0)) await cleanUp();
  });
  const page = (k: number) => `bounded-page-${String(k).padStart(6, "0")}`;
  /** `count` new pages from `from` on, ten to a write, each write a millisecond after the last. */
  async function newPages(store: ClapStore, from: number, count: number, at: number) {
    for (let k = 0; k < count; k += 10) {
      const batches = Array.from({ length: Math.min(10, count - k) }, (_, j) => ({
        page: page(from + k + j),
        batch: 1,
        count: 1,
      }));
      await store.add(batches, at + k);
    }
  }

  it("are at most the cap whatever pages send, the one seen longest ago forgotten first", async () => {
    const opened = await open(24 * 3600_000, 50);
    cleanUps.push(opened.cleanUp);
    // On 27fa28e every new page id was a record kept a day, however many.
    await newPages(opened.store, 0, 200, 1000);
    expect(await opened.remembered()).toBeLessThanOrEqual(50);
    // The newest page is still told apart; the oldest, forgotten, is counted as new.
    expect((await opened.store.add([{ page: page(199), batch: 1, count: 1 }], 5000)).admissions).toEqual(["repeat"]);
    expect((await opened.store.add([{ page: page(0), batch: 1, count: 1 }], 5000)).admissions).toEqual(["counted"]);
  });

  it("forget expired pages at least as fast as new ones come", async () => {
    // A memory of a minute: Redis's keys also expire on its own clock, and the first 200 must all
    // still be there when counted (with a second's memory, 20 writes on a loaded machine outlasted
    // it: 140 of 200). Their expiry here is the writes' clock, which both stores are given.
    const memory = 60_000;
    const opened = await open(memory, 1_000_000);
    cleanUps.push(opened.cleanUp);
    await newPages(opened.store, 0, 200, 1000);
    expect(await opened.remembered()).toBe(200);
    // A memory later the first 200 have expired; 200 new pages come, ten to a write.
    await newPages(opened.store, 1000, 200, 1000 + memory + 1000);
    expect(await opened.remembered()).toBeLessThanOrEqual(210);
  });
});
