import { expect, it } from "vitest";
import { decodeCells } from "../../contracts/wall.ts";
import { createLogger } from "../ops/log.ts";
import { ownRedis } from "../test/own-redis.ts";
import { testPeer } from "../test/peer.ts";
import { until } from "../test/until.ts";
import { createWallHub } from "./hub.ts";
import { redisWallStore } from "./redis.ts";

/**
 * The wall when Redis loses its data (FLUSHALL, or a restart without persistence) and other
 * servers paint again before this one's check: the store's version is past this copy's again, yet
 * its cells are not the ones this copy was made from. A Redis of this file's own, free to be emptied.
 */
const redis = ownRedis();

function serverHub(checkMs: number) {
  const warnings: string[] = [];
  const log = createLogger("warn", (line) => warnings.push(line));
  const { backends, bus } = redis.connect();
  const hub = createWallHub({
    store: redisWallStore(backends.redis),
    bus,
    guard: backends.guard,
    log,
    limiter: { take: async () => 0 },
    cooldownMs: 0,
    checkMs,
  });
  redis.undoLater(() => hub.stop());
  return { hub, backends, warnings };
}

it("takes the store's wall whole when Redis lost its data, however many batches were painted since", async () => {
  const here = serverHub(200);
  const elsewhere = serverHub(600_000);
  const page = testPeer("192.0.2.1");
  here.hub.join(page);
  await until(async () => (await here.hub.wall()) !== null && (await elsewhere.hub.wall()) !== null);
  await here.hub.paint(testPeer("198.51.100.1"), { n: 1, id: "lost-wall-paint-01", cell: 5, e: 3 });
  await here.hub.flush();
  expect(decodeCells((await here.hub.wall())?.cells)?.[5]).toBe(4);

  await here.backends.redis().flushAll();
  // Another server paints three batches at once: the store's version is 3, past this copy's 1.
  for (const [k, cell] of [7, 8, 9].entries()) {
    await elsewhere.hub.paint(testPeer("198.51.100.2"), { n: k + 1, id: `lost-wall-paint-1${k}`, cell, e: 1 });
    await elsewhere.hub.flush();
  }
  const stored = await redisWallStore(here.backends.redis).wall();
  expect(stored.version).toBe(3);
  const wallHere = async () => decodeCells((await here.hub.wall())?.cells);
  await until(async () => String(await wallHere()) === String(stored.cells), 3000);
  // Its pages were sent the wall whole, without the lost paint, and what came after it.
  const last = page.texts.findLastIndex((m) => m.t === "wall");
  const seen = decodeCells(page.texts[last]?.cells) as Uint8Array;
  expect(seen[5]).toBe(0);
  await until(() => {
    for (const m of page.texts.slice(last + 1)) {
      if (m.t === "cells") for (const [cell, e] of m.c as [number, number][]) seen[cell] = e + 1;
    }
    return String(seen) === String(stored.cells);
  });
  expect(here.warnings.filter((line) => line.includes("replaced"))).toHaveLength(1);
});
