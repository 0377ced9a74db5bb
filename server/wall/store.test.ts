import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { emptyCells, WALL_SIZE } from "../../contracts/wall.ts";
import { testBackends } from "../test/stores.ts";
import { redisWallStore } from "./redis.ts";
import { sqliteWallStore } from "./sqlite.ts";
import type { Paint, WallStore } from "./store.ts";

describe.each(testBackends)("the emoji wall on %s", (_, open) => {
  let store: WallStore;
  let cleanUp: () => Promise<void>;
  beforeEach(async () => {
    const opened = await open();
    const { backends } = opened;
    cleanUp = opened.cleanUp;
    store = backends.kind === "redis" ? redisWallStore(backends.redis) : sqliteWallStore(backends.sqlite);
  });
  afterEach(() => cleanUp());

  it("starts blank, at version 0", async () => {
    expect(await store.wall()).toEqual({ cells: emptyCells(), version: 0 });
  });

  it("paints cells, the last paint of a cell winning, one version per batch", async () => {
    expect(
      await store.paint([
        [0, 3],
        [199, 15],
        [0, 7],
      ]),
    ).toBe(1);
    expect(await store.paint([[42, 0]])).toBe(2);
    const { cells, version } = await store.wall();
    expect(version).toBe(2);
    expect(cells.length).toBe(WALL_SIZE);
    expect([cells[0], cells[42], cells[199], cells[1]]).toEqual([8, 1, 16, 0]);
  });

  it("counts batches from many writers at once exactly, and keeps each cell's last paint", async () => {
    // 40 writers at once, each painting five cells that overlap with others'.
    const batches: Paint[][] = Array.from({ length: 40 }, (_, k) =>
      Array.from({ length: 5 }, (_, j) => [(k * 7 + j * 11) % WALL_SIZE, (k + j) % 16] as const),
    );
    const versions = await Promise.all(batches.map((paints) => store.paint(paints)));
    expect([...versions].sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, k) => k + 1));
    // The batches in the order the store took them (their versions), replayed, make its wall.
    const replayed = emptyCells();
    const inOrder = batches.map((paints, k) => ({ paints, version: versions[k] as number }));
    for (const { paints } of inOrder.sort((a, b) => a.version - b.version)) {
      for (const [cell, e] of paints) replayed[cell] = e + 1;
    }
    expect(await store.wall()).toEqual({ cells: replayed, version: 40 });
  });
});
