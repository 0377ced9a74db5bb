import { afterEach, describe, expect, it, vi } from "vitest";
import { createLogger } from "../ops/log.ts";
import { createStoreGuard } from "../ops/store-guard.ts";
import { testPeer } from "../test/peer.ts";
import { until } from "../test/until.ts";
import { createWriteBatcher } from "./batcher.ts";

/**
 * The batching window every shared toy writes through, on a store of the test's making whose
 * writes end when the test says: a stopping server answers every request it took, written or
 * refused, and drops none.
 */
const quiet = createLogger("error", () => {});

/** A store whose writes wait until released (all at once), recording what each wrote. */
function heldStore() {
  const writes: string[][] = [];
  /** Writes asked for, landed or not. */
  let started = 0;
  let release = () => {};
  let held = new Promise<void>((resolve) => {
    release = resolve;
  });
  return {
    writes,
    get started() {
      return started;
    },
    async write(requests: string[]) {
      started++;
      await held;
      writes.push(requests);
      return requests.length;
    },
    release: () => release(),
    hold() {
      held = new Promise<void>((resolve) => {
        release = resolve;
      });
    },
  };
}

type Peer = ReturnType<typeof testPeer>;

const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});

function batcherOn(store: ReturnType<typeof heldStore>, { deadlineMs = 1000 } = {}) {
  const batcher = createWriteBatcher<string, 0, number>({
    // Written only when the test flushes or stops it.
    flushMs: 600_000,
    guard: createStoreGuard({ name: "test", deadlineMs, log: quiet }),
    keyOf: () => 0,
    write: (_, requests) => store.write(requests),
    written(_, batch) {
      for (const { peer, n } of batch) peer.sendJson({ t: "ok", n });
    },
    failed(_, batch) {
      for (const { peer, n } of batch) peer.sendJson({ t: "no", n, error: "away", retryMs: 2000 });
    },
    landedLate() {},
    refuseLate(_, batch) {
      for (const { peer, n } of batch) peer.sendJson({ t: "no", n, error: "restarting", retryMs: 2000 });
    },
  });
  stops.push(() => {
    store.release();
    return batcher.stop();
  });
  return batcher;
}

const answered = (peer: Peer, n: number) => peer.texts.filter((m) => m.n === n);

describe("the batching window while the server stops", () => {
  it("resolves its stop only once every request gathered before it has its answer", async () => {
    const store = heldStore();
    const batcher = batcherOn(store);
    const peers = [testPeer("192.0.2.1"), testPeer("192.0.2.2"), testPeer("192.0.2.3")];
    for (const [k, peer] of peers.entries()) batcher.add(peer, k + 1, `paint ${k}`);
    let stopped = false;
    const stopping = batcher.stop().then(() => {
      stopped = true;
    });
    // The last write is under way and the store has not answered: nobody has an answer yet, and
    // the stop waits.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stopped).toBe(false);
    expect(peers.map((peer) => peer.texts.length)).toEqual([0, 0, 0]);
    store.release();
    await stopping;
    expect(store.writes).toEqual([["paint 0", "paint 1", "paint 2"]]);
    for (const [k, peer] of peers.entries()) expect(peer.texts).toEqual([{ t: "ok", n: k + 1 }]);
  });

  it("answers a request gathered while its last write is under way, refused with a retry, never dropped", async () => {
    const store = heldStore();
    const batcher = batcherOn(store);
    const early = testPeer("192.0.2.4");
    batcher.add(early, 1, "early");
    const stopping = batcher.stop();
    await until(() => store.started === 1);
    // A page whose checks ended once the last write had begun (its upgrade, or its limit, was slow).
    const late = testPeer("192.0.2.5");
    batcher.add(late, 7, "late");
    store.release();
    await stopping;
    expect(early.texts).toEqual([{ t: "ok", n: 1 }]);
    expect(answered(late, 7)).toEqual([{ t: "no", n: 7, error: "restarting", retryMs: 2000 }]);
    // And one that comes once it has stopped.
    const later = testPeer("192.0.2.6");
    batcher.add(later, 9, "later");
    expect(answered(later, 9)).toEqual([{ t: "no", n: 9, error: "restarting", retryMs: 2000 }]);
    expect(store.writes.flat()).toEqual(["early"]);
  });

  it("writes in its last batch a request gathered while a write from before the stop is under way", async () => {
    const store = heldStore();
    const batcher = batcherOn(store);
    const first = testPeer("192.0.2.7");
    batcher.add(first, 1, "first");
    // The timer's write (here, the test's) is under way when the stop begins.
    const flushing = batcher.flush();
    await until(() => store.started === 1);
    const stopping = batcher.stop();
    const second = testPeer("192.0.2.8");
    batcher.add(second, 2, "second");
    store.release();
    await Promise.all([flushing, stopping]);
    expect(first.texts).toEqual([{ t: "ok", n: 1 }]);
    expect(second.texts).toEqual([{ t: "ok", n: 2 }]);
    expect(store.writes).toEqual([["first"], ["second"]]);
  });

  it("writes in its last batch a request whose checks were under way when the stop began", async () => {
    const store = heldStore();
    store.release();
    const batcher = batcherOn(store);
    const peer = testPeer("192.0.2.9");
    let admit = () => {};
    const checked = new Promise<void>((resolve) => {
      admit = resolve;
    });
    // A request at its rate limit's check (a store call with its deadline) when the stop begins.
    const request = batcher.checking(checked.then(() => batcher.add(peer, 3, "checked")));
    const stopping = batcher.stop();
    await new Promise((resolve) => setTimeout(resolve, 20));
    admit();
    await Promise.all([request, stopping]);
    expect(peer.texts).toEqual([{ t: "ok", n: 3 }]);
    expect(store.writes).toEqual([["checked"]]);
  });

  it("waits for checks under way a moment at most, and answers a request whose check ended later", async () => {
    const store = heldStore();
    store.release();
    const batcher = batcherOn(store);
    const peer = testPeer("192.0.2.11");
    let admit = () => {};
    const checked = new Promise<void>((resolve) => {
      admit = resolve;
    });
    // A check held far longer than any deadline (nothing of the server's does that; a stop must
    // not hang on it anyway).
    const request = batcher.checking(checked.then(() => batcher.add(peer, 5, "slow")));
    const started = Date.now();
    await batcher.stop();
    expect(Date.now() - started).toBeLessThan(3000);
    admit();
    await request;
    expect(peer.texts).toEqual([{ t: "no", n: 5, error: "restarting", retryMs: 2000 }]);
    expect(store.writes).toEqual([]);
  });

  it("answers what it gathered when the store does not take the last write in time", async () => {
    const store = heldStore();
    const batcher = batcherOn(store, { deadlineMs: 100 });
    const peer = testPeer("192.0.2.10");
    batcher.add(peer, 4, "frozen");
    await batcher.stop();
    expect(peer.texts).toEqual([{ t: "no", n: 4, error: "away", retryMs: 2000 }]);
    // The store wakes: the write lands late, and nothing more is said to the page.
    store.release();
    await until(() => store.writes.length === 1);
    expect(peer.texts).toHaveLength(1);
  });
});

describe("the batching window's ticks", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("sets no timer while nothing is gathered, ticks on its grid when something is, and writes what came during a write at the next tick", async () => {
    vi.useFakeTimers();
    const store = heldStore();
    const writes: string[][] = [];
    const batcher = createWriteBatcher<string, 0, number>({
      flushMs: 40,
      guard: createStoreGuard({ name: "test", deadlineMs: 1000, log: quiet }),
      keyOf: () => 0,
      write: async (_, requests) => {
        writes.push(requests);
        return store.write(requests);
      },
      written() {},
      failed() {},
      landedLate() {},
      refuseLate() {},
    });
    stops.push(() => {
      store.release();
      return batcher.stop();
    });
    // Idle: no timer at all (before, an interval woke the process 25 times a second for each toy).
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(1000);
    expect(vi.getTimerCount()).toBe(0);
    // 10 ms into a 40 ms window of the grid: written at its end, 30 ms later.
    await vi.advanceTimersByTimeAsync(10);
    batcher.add(testPeer("192.0.2.1"), 1, "first");
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(29);
    expect(writes).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(writes).toEqual([["first"]]);
    // The store has not answered: what comes now waits for it, then goes at the next tick.
    batcher.add(testPeer("192.0.2.2"), 2, "second");
    await vi.advanceTimersByTimeAsync(200);
    expect(writes).toEqual([["first"]]);
    store.release();
    store.hold();
    await vi.advanceTimersByTimeAsync(40);
    expect(writes).toEqual([["first"], ["second"]]);
    store.release();
    await vi.advanceTimersByTimeAsync(0);
    expect(vi.getTimerCount()).toBe(0);
  });
});
