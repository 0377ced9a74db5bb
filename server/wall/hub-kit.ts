import { expect } from "vitest";
import { decodeCells, emptyCells } from "../../contracts/wall.ts";
import { type Bus, createBus } from "../live/bus.ts";
import { visitorLimit } from "../live/visitor-limit.ts";
import type { Backends } from "../ops/backends.ts";
import { createFleetLimiter } from "../ops/limiter.ts";
import { createLogger } from "../ops/log.ts";
import type { StoreGuard } from "../ops/store-guard.ts";
import type { testPeer } from "../test/peer.ts";
import { testBackends } from "../test/stores.ts";
import { createWallHub } from "./hub.ts";
import { sqliteWallStore } from "./sqlite.ts";
import type { WallStore } from "./store.ts";

/**
 * For the wall hub's tests (hub.test.ts, hub-copy.test.ts): hubs on SQLite with visitors as test
 * peers, each stopped by `cleanUp` (the test file's afterEach).
 */
const quiet = createLogger("error", () => {});
const cleanUps: (() => Promise<void>)[] = [];

export async function cleanUp() {
  for (const step of cleanUps.splice(0).reverse()) await step();
}

export async function sqlite() {
  const [, open] = testBackends[0] as (typeof testBackends)[number];
  const { backends, cleanUp: close } = await open();
  cleanUps.push(close);
  return backends;
}

/** A hub on `backends`, with a bus of its own unless given one. */
export function hubOn(
  backends: Backends,
  {
    checkMs = 60_000,
    cooldownS = 0,
    bus = createBus(backends, quiet),
    store = sqliteWallStore(backends.sqlite),
    guard = backends.guard,
  }: { checkMs?: number; cooldownS?: number; bus?: Bus; store?: WallStore; guard?: StoreGuard } = {},
) {
  const limiter =
    cooldownS > 0
      ? visitorLimit(
          (name, limit) => createFleetLimiter(backends, name, limit, 1500),
          "wall-paint",
          { points: 1, durationS: cooldownS },
          32,
        )
      : { take: async () => 0 };
  const hub = createWallHub({
    store,
    bus,
    guard,
    log: quiet,
    limiter,
    cooldownMs: cooldownS * 1000,
    checkMs,
  });
  cleanUps.push(() => hub.stop());
  return { hub, bus };
}

/** The wall a visitor holds: the last whole wall it got, with the numbered cells after it applied. */
export function wallOf(peer: ReturnType<typeof testPeer>) {
  const last = peer.texts.findLastIndex((m) => m.t === "wall");
  const whole = peer.texts[last] as { cells: string; seq: number } | undefined;
  const cells = decodeCells(whole?.cells) ?? emptyCells();
  let seq = whole?.seq ?? 0;
  for (const m of peer.texts.slice(last + 1)) {
    if (m.t !== "cells") continue;
    expect(m.seq).toBe(seq + 1);
    seq = m.seq as number;
    for (const [cell, e] of m.c as [number, number][]) cells[cell] = e + 1;
  }
  return { cells, seq };
}
