import { afterEach, describe, expect, it } from "vitest";
import { createBus } from "../live/bus.ts";
import { localPresence } from "../live/presence.ts";
import type { Backends } from "../ops/backends.ts";
import { createLogger } from "../ops/log.ts";
import { createStoreGuard } from "../ops/store-guard.ts";
import { firstAnswerLost } from "../test/lost-answer.ts";
import { testPeer } from "../test/peer.ts";
import { createCrowd } from "./crowd.ts";
import type { ClapStore } from "./store.ts";

const quiet = createLogger("error", () => {});
const PAGE = "page-aaaaaaaaaaaaaaaa";

/** A store in memory that answers when told (`hold`), counting each (page, batch) once. */
function memoryStore() {
  let total = 0;
  const seen = new Set<string>();
  let held: Promise<void> | null = null;
  let release = () => {};
  const store: ClapStore = {
    total: async () => ({ total, generation: "memory" }),
    async add(batches) {
      await held;
      const admissions = batches.map(({ page, batch, count }) => {
        if (seen.has(`${page}:${batch}`)) return "repeat" as const;
        seen.add(`${page}:${batch}`);
        total += count;
        return "counted" as const;
      });
      return { total, admissions, generation: "memory" };
    },
  };
  return {
    store,
    hold() {
      held = new Promise((resolve) => {
        release = () => {
          held = null;
          resolve();
        };
      });
    },
    release: () => release(),
  };
}

const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});

function crowdOn(
  store: ClapStore,
  { deadlineMs = 1000, limit = async () => 0, bus = createBus({ kind: "sqlite" } as Backends, quiet) } = {},
) {
  let clock = 1_000_000;
  const crowd = createCrowd({
    store,
    bus,
    guard: createStoreGuard({ name: "test", deadlineMs, log: quiet }),
    log: quiet,
    limiter: { take: limit },
    presence: localPresence(),
    flushMs: 60_000,
    sendMs: 60_000,
    checkMs: 60_000,
    now: () => clock,
  });
  stops.push(() => crowd.stop());
  const tick = (ms: number) => {
    clock += ms;
  };
  return { crowd, tick };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("the crowd in one process", () => {
  it("answers each batch with the total that includes it, and a batch sent again as not counted", async () => {
    const { store } = memoryStore();
    const { crowd } = crowdOn(store);
    const peer = testPeer();
    crowd.join(peer);
    await crowd.crowd();
    await crowd.clap(peer, { n: 1, page: PAGE, batch: 1, count: 4 });
    await crowd.clap(peer, { n: 2, page: PAGE, batch: 1, count: 4 });
    await crowd.flush();
    expect(peer.texts.filter((m) => m.t === "ok")).toEqual([
      { t: "ok", n: 1, total: 4, counted: true },
      { t: "ok", n: 2, total: 4, counted: false },
    ]);
    expect(await crowd.crowd()).toEqual({ total: 4, clapping: 1 });
  });

  it("refuses a count it cannot take with the reason, and takes nothing", async () => {
    const { store } = memoryStore();
    const { crowd } = crowdOn(store);
    const peer = testPeer();
    for (const [n, count] of [
      [1, -3],
      [2, 1.5],
      [3, 31],
      [4, "5"],
      [5, 0],
      [6, null],
      [7, 1e300],
    ] as const) {
      await crowd.clap(peer, { n, page: PAGE, batch: n, count });
    }
    await crowd.flush();
    expect(peer.texts).toHaveLength(7);
    for (const message of peer.texts) {
      expect(message).toMatchObject({ t: "no", error: "A batch of claps is a whole number from 1 to 30." });
      expect(message.retryMs).toBeUndefined();
    }
    expect((await store.total()).total).toBe(0);
  });

  it("says how long to wait when the limit says so, and counts nothing", async () => {
    const { store } = memoryStore();
    const { crowd } = crowdOn(store, { limit: async () => 1234 });
    const peer = testPeer();
    await crowd.clap(peer, { n: 1, page: PAGE, batch: 1, count: 10 });
    await crowd.flush();
    expect(peer.texts).toEqual([{ t: "no", n: 1, error: expect.stringMatching(/that fast/), retryMs: 1234 }]);
    expect((await store.total()).total).toBe(0);
  });

  it("tells a batch to wait when the store is late, and publishes it when it lands", async () => {
    const memory = memoryStore();
    const { crowd } = crowdOn(memory.store, { deadlineMs: 50 });
    const watcher = testPeer();
    crowd.join(watcher);
    await crowd.crowd();
    const peer = testPeer();
    memory.hold();
    await crowd.clap(peer, { n: 1, page: PAGE, batch: 1, count: 3 });
    await crowd.flush();
    expect(peer.texts).toEqual([{ t: "no", n: 1, error: expect.stringMatching(/out of reach/), retryMs: 2000 }]);
    memory.release();
    await settle();
    await settle();
    expect(await crowd.crowd()).toMatchObject({ total: 3 });
  });

  it("tells every process of a batch sent again because the answer to its first write was lost", async () => {
    const memory = memoryStore();
    // The first write lands, and its answer is lost: no news of it goes out.
    const losing = firstAnswerLost(memory.store, "add");
    // Two processes on one bus (each with a guard of its own).
    const bus = createBus({ kind: "sqlite" } as Backends, quiet);
    const { crowd: first } = crowdOn(losing, { bus });
    const { crowd: second } = crowdOn(memory.store, { bus });
    await Promise.all([first.crowd(), second.crowd()]);
    const peer = testPeer();
    await first.clap(peer, { n: 1, page: PAGE, batch: 1, count: 4 });
    await first.flush();
    expect(peer.texts).toEqual([expect.objectContaining({ t: "no", n: 1 })]);
    // The page sends it again, here to the other process: counted before, it adds nothing now.
    const again = testPeer();
    await second.clap(again, { n: 1, page: PAGE, batch: 1, count: 4 });
    await second.flush();
    expect(again.texts).toEqual([expect.objectContaining({ t: "ok", n: 1, counted: false, total: 4 })]);
    await settle();
    expect(await first.crowd()).toMatchObject({ total: 4 });
  });

  it("counts the visitors that clapped in the last five seconds, each once, two behind one address as two", async () => {
    const { store } = memoryStore();
    const { crowd, tick } = crowdOn(store);
    await crowd.crowd();
    const clapper = testPeer("203.0.113.1", "clapping-visitor-1");
    await crowd.clap(clapper, { n: 1, page: PAGE, batch: 1, count: 1 });
    await crowd.clap(clapper, { n: 2, page: PAGE, batch: 2, count: 1 });
    tick(3000);
    // A classmate behind the same address (a school's NAT) is someone else clapping.
    await crowd.clap(testPeer("203.0.113.1", "clapping-visitor-2"), {
      n: 1,
      page: "page-cccccccccccccccc",
      batch: 1,
      count: 1,
    });
    expect((await crowd.crowd())?.clapping).toBe(2);
    tick(2001);
    expect((await crowd.crowd())?.clapping).toBe(1);
    tick(3000);
    expect((await crowd.crowd())?.clapping).toBe(0);
  });
});
