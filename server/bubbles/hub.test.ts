import { afterEach, expect, it } from "vitest";
import { type DoneMessage, isPopped } from "../../contracts/bubbles.ts";
import { createBus } from "../live/bus.ts";
import { localPresence } from "../live/presence.ts";
import type { Backends } from "../ops/backends.ts";
import { createLogger } from "../ops/log.ts";
import { firstAnswerLost, processGuard } from "../test/lost-answer.ts";
import { testPeer } from "../test/peer.ts";
import { testBackends } from "../test/stores.ts";
import { type BubbleHubOptions, createBubbleHub } from "./hub.ts";
import { sqliteBubbleStore } from "./sqlite.ts";

const quiet = createLogger("error", () => {});
const cleanUps: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanUp of cleanUps.splice(0)) await cleanUp();
});

const until = async (ready: () => boolean) => {
  for (let i = 0; !ready(); i++) {
    if (i > 200) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

/** Empty SQLite backends, closed after the test. */
async function sqlite() {
  const [, open] = testBackends[0] as (typeof testBackends)[number];
  const { backends, cleanUp } = await open();
  cleanUps.push(cleanUp);
  return backends;
}

/** A hub on `backends` as one process: its own bus and the backends' guard unless given others. */
function hubOn(
  backends: Backends,
  {
    store = sqliteBubbleStore(backends.sqlite),
    bus = createBus(backends, quiet),
    guard = backends.guard,
    size = 8,
    checkMs = 600_000,
  }: Partial<Pick<BubbleHubOptions, "store" | "bus" | "guard" | "size" | "checkMs">> = {},
) {
  const hub = createBubbleHub({
    store,
    bus,
    guard,
    log: quiet,
    limiter: { take: async () => 0 },
    presence: localPresence(),
    size,
    checkMs,
  });
  cleanUps.push(() => hub.stop());
  return hub;
}

it("celebrates a sheet finished elsewhere even when the news of it was lost", async () => {
  const backends = await sqlite();
  // Two hubs on one store, each with a bus of its own: nothing one publishes reaches the other,
  // as when a pub/sub message is lost. The second one learns of the new sheet from the store alone.
  const hub = (checkMs: number) => hubOn(backends, { size: 4, checkMs });
  const popper = testPeer();
  const watcher = testPeer();
  const here = hub(60_000);
  const elsewhere = hub(100);
  here.join(popper);
  elsewhere.join(watcher);
  await Promise.all([here.sheet(), elsewhere.sheet()]);

  here.pop(popper, { n: 1, sheet: 1, i: [0, 1, 2, 3] });
  await until(() => popper.texts.some((m) => m.t === "done"));
  await until(() => watcher.texts.some((m) => m.t === "done"));
  expect(watcher.texts.find((m) => m.t === "done")).toMatchObject({ t: "done", sheet: 1, finished: 1 } as DoneMessage);
  expect((await elsewhere.sheet())?.sheet).toBe(2);
});

it("a read of the store that began before a write does not take that write back when it ends after its news", async () => {
  const backends = await sqlite();
  // Two hubs on one store and one bus, as two processes on one Redis. The second one's first read
  // of the store is held until the first one's pop is written and its news heard.
  const bus = createBus(backends, quiet);
  const store = sqliteBubbleStore(backends.sqlite);
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let reads = 0;
  const slowStore = {
    ...store,
    sheet: async (size: number) => {
      const snapshot = await store.sheet(size);
      if (reads++ === 0) await held;
      return snapshot;
    },
  };
  const hub = (withStore: typeof store) => hubOn(backends, { store: withStore, bus });
  const writer = hub(store);
  await writer.sheet();
  const reader = hub(slowStore);
  const popper = testPeer();
  writer.join(popper);
  writer.pop(popper, { n: 1, sheet: 1, i: [2] });
  await until(() => popper.texts.some((m) => m.t === "ok"));
  // The news has reached the second hub (the bus delivers after the writer's work); now its read ends.
  await new Promise((resolve) => setTimeout(resolve, 20));
  release();
  const seen = await reader.sheet();
  expect(seen && isPopped(seen.bits, 2)).toBe(true);
  expect(reads).toBeGreaterThan(1);
});

it("a check that finds the store only ahead of its copy (news still on its way) sends the difference as pops, not the whole sheet", async () => {
  const backends = await sqlite();
  // Another process's write, whose news has not arrived yet: in the store, not on this bus.
  const store = sqliteBubbleStore(backends.sqlite);
  const hub = hubOn(backends, { store, size: 16, checkMs: 50 });
  const page = testPeer();
  hub.join(page);
  await until(() => page.binaries.length === 1);
  await store.pop(1, [3, 9], 16);
  await until(() => page.texts.some((m) => m.t === "pops"));
  expect(page.texts.find((m) => m.t === "pops")).toMatchObject({ t: "pops", sheet: 1, i: [3, 9] });
  const seen = await hub.sheet();
  expect(seen).toMatchObject({ sheet: 1, popped: 2 });
  expect(seen && isPopped(seen.bits, 3) && isPopped(seen.bits, 9)).toBe(true);
  // Several checks later, still one whole sheet sent: the copy is the store's.
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(page.binaries).toHaveLength(1);
});

it("a write's pops are in its own process's copy even when its news is lost on the bus", async () => {
  const backends = await sqlite();
  // A bus that loses every publish (the primary killed between a write and its news).
  const bus = { ...createBus(backends, quiet), publish: () => {} };
  const hub = hubOn(backends, { bus });
  const popper = testPeer();
  hub.join(popper);
  await hub.sheet();
  hub.pop(popper, { n: 1, sheet: 1, i: [5] });
  await until(() => popper.texts.some((m) => m.t === "ok"));
  const seen = await hub.sheet();
  expect(seen && isPopped(seen.bits, 5)).toBe(true);
});

it("a pop whose news was lost is in another process's copy soon after the store answers again, though the first read then fails", async () => {
  const backends = await sqlite();
  const store = sqliteBubbleStore(backends.sqlite);
  let failReads = 0;
  const wakingStore = {
    ...store,
    sheet: async (size: number) => {
      if (failReads > 0) {
        failReads--;
        throw new Error("the new primary is still connecting");
      }
      return store.sheet(size);
    },
  };
  // Two hubs, each with a bus and a guard of its own (nothing one publishes reaches the other),
  // no periodic check within the test: only the store's return can tell the second of the first
  // one's pop.
  const readerGuard = processGuard();
  const writer = hubOn(backends, { store, guard: processGuard() });
  const reader = hubOn(backends, { store: wakingStore, guard: readerGuard });
  await Promise.all([writer.sheet(), reader.sheet()]);
  const popper = testPeer();
  writer.join(popper);
  writer.pop(popper, { n: 1, sheet: 1, i: [6] });
  await until(() => popper.texts.some((m) => m.t === "ok"));

  // The reader's store goes away and answers again; the read that asks for fails once.
  failReads = 1;
  readerGuard.mark(false, "failover");
  readerGuard.mark(true);
  // Read again within UNTIL_LOADED_MS (1 s), not at the next periodic check.
  const started = Date.now();
  for (;;) {
    const sheet = await reader.sheet();
    if (sheet && isPopped(sheet.bits, 6)) break;
    expect(Date.now() - started, "healed within 2 s").toBeLessThan(2000);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
});

it("a pop sent again because the answer to its first write was lost is on every process's copy", async () => {
  const backends = await sqlite();
  const bus = createBus(backends, quiet);
  const store = sqliteBubbleStore(backends.sqlite);
  // The first write lands, and its answer is lost: no news of it goes out. A guard each, as each
  // process has: the first one's trouble is not the second's.
  const first = hubOn(backends, { store: firstAnswerLost(store, "pop"), bus, guard: processGuard() });
  const second = hubOn(backends, { store, bus, guard: processGuard() });
  await Promise.all([first.sheet(), second.sheet()]);
  const page = testPeer();
  first.join(page);
  first.pop(page, { n: 1, sheet: 1, i: [4] });
  await until(() => page.texts.some((m) => m.t === "no"));
  // The page sends it again, here to the other process: the store has it, nothing is new.
  const again = testPeer();
  second.join(again);
  second.pop(again, { n: 1, sheet: 1, i: [4] });
  await until(() => again.texts.some((m) => m.t === "ok"));
  await new Promise((resolve) => setTimeout(resolve, 20));
  for (const copy of [first, second]) {
    const seen = await copy.sheet();
    expect(seen && isPopped(seen.bits, 4)).toBe(true);
  }
});
