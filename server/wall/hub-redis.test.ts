import { describe, expect, it } from "vitest";
import { decodeCells } from "../../contracts/wall.ts";
import { visitorLimit } from "../live/visitor-limit.ts";
import { createFleetLimiter } from "../ops/limiter.ts";
import { createLogger } from "../ops/log.ts";
import { ownRedis } from "../test/own-redis.ts";
import { testPeer } from "../test/peer.ts";
import { until } from "../test/until.ts";
import { createWallHub } from "./hub.ts";
import { redisWallStore } from "./redis.ts";

/**
 * Two server processes' hubs on one real Redis (a Redis of this file's own: its pub/sub is not
 * shared with other tests), each with its own connections and pub/sub, as two servers have them.
 */
const quiet = createLogger("error", () => {});
const redis = ownRedis();

/** A hub as one server process has it, on its own Redis connections, with the fleet's cooldown. */
async function serverHub({ cooldownS = 3 } = {}) {
  const { backends, bus } = redis.connect();
  const hub = createWallHub({
    store: redisWallStore(backends.redis),
    bus,
    guard: backends.guard,
    log: quiet,
    limiter: visitorLimit(
      (name, limit) => createFleetLimiter(backends, name, limit, 1500),
      "wall-paint",
      { points: 1, durationS: cooldownS },
      32,
    ),
    cooldownMs: cooldownS * 1000,
    checkMs: 600_000,
  });
  // Stopped before its bus and connections close.
  redis.undoLater(() => hub.stop());
  await until(async () => (await hub.wall()) !== null);
  return { hub, backends };
}

describe("the wall on two servers sharing one Redis", () => {
  it("shows each server's paints to the other's visitors, and both end as the store's wall", async () => {
    const one = await serverHub();
    const two = await serverHub();
    const [watcherOne, watcherTwo] = [testPeer("192.0.2.10"), testPeer("192.0.2.11")];
    one.hub.join(watcherOne);
    two.hub.join(watcherTwo);
    // Twenty visitors on each server paint the same few cells at once: last writer wins, and
    // whichever order the two servers' news reach each other, every copy ends as the store's.
    const paints = Array.from({ length: 40 }, (_, k) => ({
      id: `two-servers-paint-${k}`,
      hub: k % 2 ? one.hub : two.hub,
      peer: testPeer(`198.51.100.${k + 1}`),
      cell: 60 + (k % 4),
      e: k % 16,
    }));
    await Promise.all(paints.map(({ id, hub, peer, cell, e }) => hub.paint(peer, { n: 1, id, cell, e })));
    await Promise.all([one.hub.flush(), two.hub.flush()]);
    for (const { peer } of paints) expect(peer.texts).toEqual([{ t: "ok", n: 1, cooldownMs: 3000 }]);
    const stored = await redisWallStore(one.backends.redis).wall();
    expect([60, 61, 62, 63].map((cell) => stored.cells[cell])).not.toContain(0);
    const wallOn = async (hub: typeof one.hub) => decodeCells((await hub.wall())?.cells);
    await until(async () => String(await wallOn(one.hub)) === String(stored.cells));
    await until(async () => String(await wallOn(two.hub)) === String(stored.cells));
    // And their visitors had each of those cells' last paint as live news (sent every 50 ms).
    const cells = [60, 61, 62, 63];
    const lastNews = (watcher: ReturnType<typeof testPeer>) => {
      const seen = new Map<number, number>();
      for (const m of watcher.texts) {
        if (m.t === "cells") for (const [cell, e] of m.c as [number, number][]) seen.set(cell, e + 1);
      }
      return String(cells.map((cell) => seen.get(cell)));
    };
    const expected = String(cells.map((cell) => stored.cells[cell]));
    await until(() => lastNews(watcherOne) === expected && lastNews(watcherTwo) === expected);
  });

  it("applies a paint sent again to another server once: ok, nothing painted over a later paint, no cooldown spent", async () => {
    const one = await serverHub();
    const two = await serverHub();
    const painter = testPeer("203.0.113.80");
    const paint = { id: "paint-on-two-servers", cell: 90, e: 3 };
    await one.hub.paint(painter, { n: 1, ...paint });
    await one.hub.flush();
    expect(painter.texts).toEqual([{ t: "ok", n: 1, cooldownMs: 3000 }]);
    await two.hub.paint(testPeer("203.0.113.81"), { n: 1, id: "later-paint-on-two", cell: 90, e: 11 });
    await two.hub.flush();
    // The first server stopped before the painter's ok reached it: its page sends the paint again,
    // to the other server, inside the fleet's cooldown of the paint itself.
    const page = testPeer("203.0.113.80");
    await two.hub.paint(page, { n: 2, ...paint });
    await two.hub.flush();
    expect(page.texts).toEqual([{ t: "ok", n: 2, cooldownMs: 3000 }]);
    expect((await redisWallStore(one.backends.redis).wall()).cells[90]).toBe(12);
  });

  it("keeps one cooldown per visitor for the whole fleet, and another visitor of the same address paints", async () => {
    const one = await serverHub();
    const two = await serverHub();
    const here = testPeer("203.0.113.77", "visitor-of-a-school-1");
    const there = testPeer("203.0.113.77", "visitor-of-a-school-1");
    const classmate = testPeer("203.0.113.77", "visitor-of-a-school-2");
    await one.hub.paint(here, { n: 1, id: "fleet-cooldown-paint-1", cell: 1, e: 1 });
    // The same visitor on the other server, a moment later: it waits out the same cooldown.
    await two.hub.paint(there, { n: 1, id: "fleet-cooldown-paint-2", cell: 2, e: 2 });
    // Another visitor behind the same address (a classroom's NAT) has a cooldown of its own.
    await two.hub.paint(classmate, { n: 1, id: "fleet-cooldown-paint-3", cell: 3, e: 3 });
    await Promise.all([one.hub.flush(), two.hub.flush()]);
    expect(here.texts).toEqual([{ t: "ok", n: 1, cooldownMs: 3000 }]);
    expect(classmate.texts.filter((m) => m.t === "ok" || m.t === "no")).toEqual([{ t: "ok", n: 1, cooldownMs: 3000 }]);
    expect(there.texts[0]).toMatchObject({ t: "no", n: 1, retryMs: expect.any(Number) });
    expect(there.texts[0]?.retryMs).toBeGreaterThan(2000);
    expect((await redisWallStore(one.backends.redis).wall()).cells[2]).toBe(0);
  });
});
