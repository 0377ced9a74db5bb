import { afterEach, describe, expect, it } from "vitest";
import { decodeCells, WALL_SIZE } from "../../contracts/wall.ts";
import { createBus } from "../live/bus.ts";
import { createLogger } from "../ops/log.ts";
import { firstAnswerLost, processGuard } from "../test/lost-answer.ts";
import { testPeer } from "../test/peer.ts";
import { until } from "../test/until.ts";
import { cleanUp, hubOn, sqlite, wallOf } from "./hub-kit.ts";
import { sqliteWallStore } from "./sqlite.ts";

/**
 * The wall's copy in each process against the store and the bus: what a lost message, a lost
 * answer, a store that went back in time and news out of order leave it as.
 */
afterEach(cleanUp);
const quietLog = createLogger("error", () => {});

describe("the wall's copy", () => {
  it("heals from the store a paint whose news was lost", async () => {
    const backends = await sqlite();
    // Two hubs on one store, each with a bus of its own: nothing one publishes reaches the other.
    const { hub: here } = hubOn(backends);
    const { hub: elsewhere } = hubOn(backends, { checkMs: 100 });
    const watcher = testPeer();
    elsewhere.join(watcher);
    await Promise.all([here.wall(), elsewhere.wall()]);
    await here.paint(testPeer(), { n: 1, id: "hub-paint-009", cell: 150, e: 9 });
    await here.flush();
    await until(() => wallOf(watcher).cells[150] === 10);
  });

  it("tells every process of a paint sent again because the answer to its first write was lost", async () => {
    const backends = await sqlite();
    // The first write lands, and its answer is lost: no news of it goes out. Two processes on one
    // bus, a guard each: the first one's trouble is not the second's.
    const losing = firstAnswerLost(sqliteWallStore(backends.sqlite), "paint");
    const bus = createBus(backends, quietLog);
    const { hub: first } = hubOn(backends, { bus, store: losing, guard: processGuard() });
    const { hub: second } = hubOn(backends, { bus, guard: processGuard() });
    const [watchFirst, watchSecond] = [testPeer(), testPeer()];
    first.join(watchFirst);
    second.join(watchSecond);
    await Promise.all([first.wall(), second.wall()]);
    const paint = { id: "paint-answer-lost-1", cell: 77, e: 5 };
    const painter = testPeer("198.51.100.40");
    await first.paint(painter, { n: 1, ...paint });
    await first.flush();
    expect(painter.texts).toEqual([expect.objectContaining({ t: "no", n: 1 })]);
    // The page sends it again, here to the other process: applied before, nothing is painted now.
    const page = testPeer("198.51.100.40");
    await second.paint(page, { n: 1, ...paint });
    expect(page.texts).toEqual([{ t: "ok", n: 1, cooldownMs: 0 }]);
    // Told ok once this process's copy has it; both processes' visitors get it.
    expect(decodeCells((await second.wall())?.cells)?.[77]).toBe(6);
    await until(() => wallOf(watchSecond).cells[77] === 6);
    await until(() => wallOf(watchFirst).cells[77] === 6);
  });

  it("takes the store's wall whole when the store went back in time (emptied, or restored from an old copy)", async () => {
    const backends = await sqlite();
    const { hub } = hubOn(backends);
    const watcher = testPeer();
    hub.join(watcher);
    await hub.wall();
    await hub.paint(testPeer("192.0.2.20"), { n: 1, id: "hub-paint-010", cell: 70, e: 1 });
    await hub.flush();
    await until(() => wallOf(watcher).cells[70] === 2);
    backends.sqlite().exec("DELETE FROM emoji_wall");
    await hub.check();
    // A whole wall again (the numbered messages before it mean nothing now), blank like the store's.
    expect(watcher.texts.at(-1)).toMatchObject({ t: "wall", cells: ".".repeat(WALL_SIZE) });
    expect((await hub.wall())?.cells).toBe(".".repeat(WALL_SIZE));
  });

  it("keeps the later of two news of a cell, in whatever order they arrive", async () => {
    const backends = await sqlite();
    const bus = createBus(backends, quietLog);
    // News made up by the test, of versions the store never had: the hub reads the store once (for
    // the first GET), not again when its bus is ready, which would take the store's wall whole.
    const { hub } = hubOn(backends, { bus: { ...bus, onReady: () => {} } });
    const watcher = testPeer();
    hub.join(watcher);
    await hub.wall();
    // Version 2 of cell 8 arrives before version 1 (two servers' news crossing on the bus).
    bus.publish("wall", "cells", { v: 2, c: [[8, 5]] });
    bus.publish("wall", "cells", { v: 1, c: [[8, 1]] });
    bus.publish("wall", "cells", { news: "none" });
    await until(() => wallOf(watcher).cells[8] === 6);
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(wallOf(watcher).cells[8]).toBe(6);
    expect((await hub.wall())?.cells[8]).toBe("5");
  });
});
