import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { emptyCells, WALL_SIZE } from "../../contracts/wall.ts";
import { testBackends } from "../test/stores.ts";
import { redisWallStore } from "./redis.ts";
import { sqliteWallStore } from "./sqlite.ts";
import type { IdentifiedPaint, PaintMemory, WallStore } from "./store.ts";

/** Paints with ids of their own ("p" and a number), as pages make them. */
let made = 0;
const paints = (...cells: (readonly [cell: number, e: number])[]): IdentifiedPaint[] =>
  cells.map(([cell, e]) => ({ id: `paint-${++made}-${cell}-${e}`, cell, e }));
const NOW = 1_000_000_000;

describe.each(testBackends)("the emoji wall on %s", (_, open) => {
  let store: WallStore;
  let storeWith: (memory: PaintMemory) => WallStore;
  let cleanUp: () => Promise<void>;
  let backends: Awaited<ReturnType<typeof open>>["backends"];
  beforeEach(async () => {
    const opened = await open();
    backends = opened.backends;
    cleanUp = opened.cleanUp;
    storeWith = (memory) =>
      backends.kind === "redis" ? redisWallStore(backends.redis, memory) : sqliteWallStore(backends.sqlite, memory);
    store = storeWith({});
  });
  afterEach(() => cleanUp());

  it("starts blank, at version 0", async () => {
    expect(await store.wall()).toMatchObject({ cells: emptyCells(), version: 0 });
  });

  it("paints cells, the last paint of a cell winning, one version per batch", async () => {
    expect(await store.paint(paints([0, 3], [199, 15], [0, 7]), NOW)).toEqual({
      generation: expect.any(String),
      version: 1,
      painted: [
        [0, 3],
        [199, 15],
        [0, 7],
      ],
    });
    expect((await store.paint(paints([42, 0]), NOW)).version).toBe(2);
    const { cells, version } = await store.wall();
    expect(version).toBe(2);
    expect(cells.length).toBe(WALL_SIZE);
    expect([cells[0], cells[42], cells[199], cells[1]]).toEqual([8, 1, 16, 0]);
  });

  it("counts batches from many writers at once exactly, and keeps each cell's last paint", async () => {
    // 40 writers at once, each painting five cells that overlap with others'.
    const batches: IdentifiedPaint[][] = Array.from({ length: 40 }, (_, k) =>
      paints(...Array.from({ length: 5 }, (_, j) => [(k * 7 + j * 11) % WALL_SIZE, (k + j) % 16] as const)),
    );
    const versions = await Promise.all(batches.map(async (batch) => (await store.paint(batch, NOW)).version));
    expect([...versions].sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, k) => k + 1));
    // The batches in the order the store took them (their versions), replayed, make its wall.
    const replayed = emptyCells();
    const inOrder = batches.map((batch, k) => ({ batch, version: versions[k] as number }));
    for (const { batch } of inOrder.sort((a, b) => a.version - b.version)) {
      for (const { cell, e } of batch) replayed[cell] = e + 1;
    }
    expect(await store.wall()).toMatchObject({ cells: replayed, version: 40 });
  });

  it("names its data with one generation while the data lasts, and another once it was lost", async () => {
    const { generation } = await store.wall();
    expect(generation).toMatch(/^[\w-]{8}$/);
    expect((await store.paint(paints([1, 1]), NOW)).generation).toBe(generation);
    expect((await storeWith({}).wall()).generation).toBe(generation);
    if (backends.kind !== "redis") return;
    await backends.redis().flushDb();
    const after = await store.wall();
    expect(after).toEqual({ cells: emptyCells(), version: 0, generation: expect.any(String) });
    expect(after.generation).not.toBe(generation);
  });

  it("applies a paint once however often it is sent, in one batch or several, from any server", async () => {
    const [first] = paints([10, 1]) as [IdentifiedPaint];
    expect(await store.applied(first.id, NOW)).toBe(false);
    expect((await store.paint([first], NOW)).painted).toEqual([[10, 1]]);
    expect(await store.applied(first.id, NOW)).toBe(true);
    // Someone else paints the cell later; the first paint, sent again (its ok never reached its
    // page), must not take the cell back.
    await store.paint(paints([10, 9]), NOW);
    const again = await store.paint([first, ...paints([11, 2]), first], NOW);
    expect(again.painted).toEqual([[11, 2]]);
    const { cells } = await store.wall();
    expect([cells[10], cells[11]]).toEqual([10, 3]);
    // A batch with nothing new in it is no new version.
    const before = (await store.wall()).version;
    expect(await store.paint([first], NOW)).toEqual({ version: before, painted: [], generation: expect.any(String) });
    // Twice in one batch: once.
    const [twice] = paints([12, 4]) as [IdentifiedPaint];
    expect((await store.paint([twice, { ...twice, cell: 13 }], NOW)).painted).toEqual([[12, 4]]);
    expect((await store.wall()).cells[13]).toBe(0);
  });

  it("forgets a paint's id after its memory, and the oldest first past its cap, never holding more", async () => {
    const small = storeWith({ memoryMs: 60_000, maxIds: 5 });
    const [old] = paints([20, 1]) as [IdentifiedPaint];
    await small.paint([old], NOW);
    expect(await small.applied(old.id, NOW + 59_999)).toBe(true);
    expect(await small.applied(old.id, NOW + 60_000)).toBe(false);
    // Sent again after its memory, it is a paint like any other.
    expect((await small.paint([old], NOW + 60_000)).painted).toEqual([[20, 1]]);
    // Eight more paints, a moment apart: the five newest are remembered.
    const later = paints([21, 1], [22, 1], [23, 1], [24, 1], [25, 1], [26, 1], [27, 1], [28, 1]);
    for (const [k, paint] of later.entries()) await small.paint([paint], NOW + 61_000 + k);
    const at = NOW + 62_000;
    const remembered = async (batch: IdentifiedPaint[]) => {
      const answers = [];
      for (const paint of batch) answers.push(await small.applied(paint.id, at));
      return answers;
    };
    expect(await remembered([old, ...later])).toEqual([false, false, false, false, true, true, true, true, true]);
    // Three at once still leave five.
    const three = paints([29, 1], [30, 1], [31, 1]);
    await small.paint(three, at);
    expect((await remembered([...later, ...three])).filter(Boolean)).toHaveLength(5);
    expect(await remembered(three)).toEqual([true, true, true]);
  });
});
