import { afterEach, describe, expect, it } from "vitest";
import { WALL_SIZE } from "../../contracts/wall.ts";
import { testPeer } from "../test/peer.ts";
import { until } from "../test/until.ts";
import { cleanUp, hubOn, sqlite, wallOf } from "./hub-kit.ts";
import { sqliteWallStore } from "./sqlite.ts";

/** The wall's hub in one process, on SQLite, with visitors as test peers. */
afterEach(cleanUp);

describe("the wall's hub", () => {
  it("gives a newcomer the whole wall, and everyone each paint as a numbered message", async () => {
    const { hub } = hubOn(await sqlite());
    const painter = testPeer("192.0.2.1");
    const watcher = testPeer("192.0.2.2");
    hub.join(painter);
    await until(() => painter.texts.some((m) => m.t === "wall"));
    expect(painter.texts[0]).toMatchObject({ topic: "wall", t: "wall", cells: ".".repeat(WALL_SIZE), cooldownMs: 0 });
    hub.join(watcher);
    await hub.paint(painter, { n: 1, id: "hub-paint-001", cell: 22, e: 2 });
    await hub.paint(painter, { n: 2, id: "hub-paint-002", cell: 199, e: 15 });
    await hub.flush();
    expect(painter.texts.filter((m) => m.t === "ok").map((m) => m.n)).toEqual([1, 2]);
    // The painter has its cells' news before it is told "ok": the page shows the wall, not a guess.
    expect(painter.texts.slice(1).map((m) => m.t)).toEqual(["cells", "ok", "ok"]);
    expect(painter.texts[1]).toMatchObject({
      c: [
        [22, 2],
        [199, 15],
      ],
    });
    await until(() => wallOf(watcher).cells[199] === 16);
    expect(wallOf(watcher).cells[22]).toBe(3);
    expect(wallOf(watcher)).toEqual(wallOf(painter));
    // A newcomer gets it whole.
    const late = testPeer();
    hub.join(late);
    expect(wallOf(late)).toEqual(wallOf(watcher));
  });

  it("refuses a cell off the wall, an emoji off the palette, and a paint inside the cooldown, storing none", async () => {
    const backends = await sqlite();
    const { hub } = hubOn(backends, { cooldownS: 3 });
    const peer = testPeer("198.51.100.7");
    hub.join(peer);
    await hub.wall();
    await hub.paint(peer, { n: 1, id: "hub-paint-003", cell: WALL_SIZE, e: 0 });
    await hub.paint(peer, { n: 2, id: "hub-paint-004", cell: 5, e: 16 });
    expect(peer.texts.filter((m) => m.t === "no")).toEqual([
      { t: "no", n: 1, error: "There are only 200 cells on the wall." },
      { t: "no", n: 2, error: "Paint with one of the 16 emojis of the palette." },
    ]);
    // Refused paints took nothing from the cooldown: this one goes, and the next waits.
    await hub.paint(peer, { n: 3, id: "hub-paint-005", cell: 5, e: 1 });
    await hub.paint(peer, { n: 4, id: "hub-paint-006", cell: 6, e: 1 });
    await hub.flush();
    const refused = peer.texts.find((m) => m.n === 4);
    expect(refused).toMatchObject({
      t: "no",
      n: 4,
      error: expect.stringMatching(/^One paint every 3 s: you can paint again in [1-3] s\.$/),
    });
    expect(refused?.retryMs).toBeGreaterThan(2000);
    expect(refused?.retryMs).toBeLessThanOrEqual(3000);
    // Another address has a cooldown of its own.
    await hub.paint(testPeer("198.51.100.8"), { n: 1, id: "hub-paint-007", cell: 7, e: 4 });
    await hub.flush();
    const stored = await sqliteWallStore(backends.sqlite).wall();
    expect([...stored.cells.entries()].filter(([, byte]) => byte > 0)).toEqual([
      [5, 2],
      [7, 5],
    ]);
  });

  it("applies a paint sent again once: answered ok, painting nothing over a later paint, spending no cooldown", async () => {
    const backends = await sqlite();
    const { hub: before } = hubOn(backends, { cooldownS: 3 });
    await before.wall();
    const painter = testPeer("198.51.100.30");
    const paint = { id: "paint-sent-twice-01", cell: 40, e: 2 };
    await before.paint(painter, { n: 1, ...paint });
    await before.flush();
    expect(painter.texts).toEqual([{ t: "ok", n: 1, cooldownMs: 3000 }]);
    // Someone else paints the cell afterwards.
    await before.paint(testPeer("198.51.100.31"), { n: 1, id: "later-paint-0001", cell: 40, e: 7 });
    await before.flush();
    // The painter's page never had its ok (the line broke) and sends the paint again, inside its
    // cooldown: it is told ok, as the paint is on the wall, and nothing is painted again.
    const page = testPeer("198.51.100.30");
    await before.paint(page, { n: 2, ...paint });
    await before.flush();
    expect(page.texts).toEqual([{ t: "ok", n: 2, cooldownMs: 3000 }]);
    const cell40 = async () => (await sqliteWallStore(backends.sqlite).wall()).cells[40];
    expect(await cell40()).toBe(8);
    await before.stop();
    // The server restarts (its cooldowns were in its memory); the page sends it once more, then a
    // new paint at once: the resend spent no cooldown, so the new paint goes.
    const { hub: after } = hubOn(backends, { cooldownS: 3 });
    await after.wall();
    await after.paint(page, { n: 3, ...paint });
    await after.paint(page, { n: 4, id: "next-paint-00001", cell: 41, e: 3 });
    await after.flush();
    expect(page.texts.slice(1)).toEqual([
      { t: "ok", n: 3, cooldownMs: 3000 },
      { t: "ok", n: 4, cooldownMs: 3000 },
    ]);
    expect(await cell40()).toBe(8);
    expect((await sqliteWallStore(backends.sqlite).wall()).cells[41]).toBe(4);
  });

  it("answers a paint sent again while it still waits for its write, painting it once and spending one cooldown", async () => {
    const backends = await sqlite();
    const { hub } = hubOn(backends, { cooldownS: 3 });
    await hub.wall();
    const page = testPeer("198.51.100.32");
    const paint = { id: "paint-sent-twice-02", cell: 50, e: 5 };
    await hub.paint(page, { n: 1, ...paint });
    await hub.paint(page, { n: 2, ...paint });
    await hub.flush();
    expect(page.texts).toEqual([
      { t: "ok", n: 1, cooldownMs: 3000 },
      { t: "ok", n: 2, cooldownMs: 3000 },
    ]);
    const { version, cells } = await sqliteWallStore(backends.sqlite).wall();
    expect([version, cells[50]]).toEqual([1, 6]);
    // And its cooldown runs from the first.
    await hub.paint(page, { n: 3, id: "third-paint-00001", cell: 51, e: 5 });
    expect(page.texts.at(-1)).toMatchObject({ t: "no", n: 3, retryMs: expect.any(Number) });
  });

  it("sends a visitor who comes back what it missed, or the whole wall when its place is unknown", async () => {
    const { hub } = hubOn(await sqlite());
    const first = testPeer();
    hub.join(first);
    await until(() => first.texts.length > 0);
    const { seq } = wallOf(first);
    const epoch = first.texts[0]?.epoch as number;
    hub.leave(first);
    const watcher = testPeer();
    hub.join(watcher);
    await hub.paint(testPeer("192.0.2.9"), { n: 1, id: "hub-paint-008", cell: 3, e: 3 });
    await hub.flush();
    await until(() => wallOf(watcher).cells[3] === 4);

    const back = testPeer();
    hub.join(back, `${epoch}.${seq}`);
    expect(back.texts.map((m) => m.t)).toEqual(["cells"]);
    expect(back.texts[0]).toMatchObject({ seq: seq + 1, c: [[3, 3]] });
    const stranger = testPeer();
    hub.join(stranger, "12345.1");
    expect(stranger.texts.map((m) => m.t)).toEqual(["wall"]);
  });
});
