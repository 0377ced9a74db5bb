import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { bytesFor, isPopped } from "../../contracts/bubbles.ts";
import { testBackends } from "../test/stores.ts";
import { redisBubbleStore } from "./redis.ts";
import { sqliteBubbleStore } from "./sqlite.ts";
import type { BubbleStore } from "./store.ts";

const stores = testBackends.map(
  ([name, open]) =>
    [
      name,
      async () => {
        const { backends, cleanUp } = await open();
        const store: BubbleStore =
          backends.kind === "redis" ? redisBubbleStore(backends.redis) : sqliteBubbleStore(backends.sqlite);
        return { store, cleanUp };
      },
    ] as const,
);

describe.each(stores)("the bubble sheet on %s", (_, open) => {
  let opened: Awaited<ReturnType<typeof open>>;
  beforeEach(async () => {
    opened = await open();
  });
  afterEach(() => opened.cleanUp());

  it("starts with sheet 1, nothing popped, nothing finished", async () => {
    const sheet = await opened.store.sheet(20);
    expect(sheet).toMatchObject({ sheet: 1, size: 20, popped: 0, finished: 0 });
    expect(sheet.bits).toEqual(new Uint8Array(bytesFor(20)));
  });

  it("pops each bubble once, ignores bubbles off the sheet, and never un-pops one", async () => {
    await opened.store.sheet(20);
    expect(await opened.store.pop(1, [3, 7, 3], 20)).toEqual({ sheet: 1, newly: [3, 7], popped: 2, finished: 0 });
    expect(await opened.store.pop(1, [7, 8, 20, -1], 20)).toEqual({ sheet: 1, newly: [8], popped: 3, finished: 0 });
    const sheet = await opened.store.sheet(20);
    expect(sheet.popped).toBe(3);
    expect([3, 7, 8].every((i) => isPopped(sheet.bits, i))).toBe(true);
    expect(isPopped(sheet.bits, 4)).toBe(false);
  });

  it("begins a first sheet, at the size the pop gives, when a pop finds none (the store lost it)", async () => {
    expect(await opened.store.pop(3, [1], 8)).toEqual({ sheet: 1, newly: [], popped: 0, finished: 0 });
    expect(await opened.store.sheet(8)).toMatchObject({ sheet: 1, size: 8, popped: 0, finished: 0 });
    await opened.cleanUp();
    opened = await open();
    // A pop that was made on sheet 1 goes on the sheet 1 begun now.
    expect(await opened.store.pop(1, [2], 8)).toEqual({ sheet: 1, newly: [2], popped: 1, finished: 0 });
  });

  it("refuses pops for a sheet that is not the current one", async () => {
    await opened.store.sheet(4);
    expect(await opened.store.pop(2, [1], 4)).toEqual({ sheet: 1, newly: [], popped: 0, finished: 0 });
  });

  it("starts the next sheet, empty, when the last bubble pops, and counts the finished one", async () => {
    await opened.store.sheet(4);
    await opened.store.pop(1, [0, 1, 2], 4);
    expect(await opened.store.pop(1, [3, 0], 4)).toEqual({
      sheet: 1,
      newly: [3],
      popped: 4,
      finished: 1,
      next: 2,
      size: 4,
    });
    expect(await opened.store.sheet(4)).toMatchObject({ sheet: 2, popped: 0, finished: 1, bits: new Uint8Array(1) });
    // Late pops for the finished sheet change nothing on the new one.
    expect(await opened.store.pop(1, [2], 4)).toMatchObject({ sheet: 2, newly: [] });
  });

  it("adds up pops from many writers at once exactly", async () => {
    await opened.store.sheet(1000);
    // 50 writers of 30 pops each, overlapping one another (1500 pops of 649 distinct bubbles).
    const writers = Array.from({ length: 50 }, (_, k) => Array.from({ length: 30 }, (_, j) => (k * 7 + j * 13) % 1000));
    const distinct = [...new Set(writers.flat())].sort((a, b) => a - b);
    expect(distinct.length).toBe(649);
    const results = await Promise.all(writers.map((indexes) => opened.store.pop(1, indexes, 1000)));
    // Each distinct bubble is newly popped by exactly one writer, one that sent it.
    for (const [k, result] of results.entries()) {
      expect(result.newly.filter((i) => !writers[k]?.includes(i))).toEqual([]);
    }
    expect(results.flatMap((r) => r.newly).sort((a, b) => a - b)).toEqual(distinct);
    const sheet = await opened.store.sheet(1000);
    expect(sheet).toMatchObject({ sheet: 1, popped: distinct.length, finished: 0 });
    expect(Array.from({ length: 1000 }, (_, i) => i).filter((i) => isPopped(sheet.bits, i))).toEqual(distinct);
  });

  it("keeps a sheet at its size whatever size a server asks for, and begins the next at the finisher's", async () => {
    await opened.store.sheet(10);
    await opened.store.pop(1, [1], 10);
    // A server whose setting changed reads the sheet it shares: the same one, as it was.
    const shared = await opened.store.sheet(16);
    expect(shared).toMatchObject({ sheet: 1, size: 10, popped: 1, finished: 0 });
    expect(shared.bits.length).toBe(2);
    // Its pop finishes it: the next sheet has its size, and the next for everyone.
    expect(await opened.store.pop(1, [0, 2, 3, 4, 5, 6, 7, 8, 9, 12], 16)).toEqual({
      sheet: 1,
      newly: [0, 2, 3, 4, 5, 6, 7, 8, 9],
      popped: 10,
      finished: 1,
      next: 2,
      size: 16,
    });
    expect(await opened.store.sheet(10)).toMatchObject({ sheet: 2, size: 16, popped: 0, finished: 1 });
    expect((await opened.store.sheet(10)).bits.length).toBe(2);
  });

  it("holds a million bubbles", async () => {
    const sheet = await opened.store.sheet(1_000_000);
    expect(sheet.bits.length).toBe(125_000);
    await opened.store.pop(sheet.sheet, [999_999, 0], 1_000_000);
    const after = await opened.store.sheet(1_000_000);
    expect(after.popped).toBe(2);
    expect(isPopped(after.bits, 999_999)).toBe(true);
  });
});
