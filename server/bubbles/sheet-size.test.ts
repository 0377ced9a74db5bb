import { describe, expect, it } from "vitest";
import { decodeSheet } from "../../contracts/bubbles.ts";
import { type Bus, createBus } from "../live/bus.ts";
import { localPresence } from "../live/presence.ts";
import type { Backends } from "../ops/backends.ts";
import { createLogger } from "../ops/log.ts";
import { ownRedis } from "../test/own-redis.ts";
import { testPeer } from "../test/peer.ts";
import { testBackends } from "../test/stores.ts";
import { until } from "../test/until.ts";
import { createBubbleHub } from "./hub.ts";
import { redisBubbleStore } from "./redis.ts";
import { sqliteBubbleStore } from "./sqlite.ts";
import type { BubbleStore } from "./store.ts";

/**
 * Two server processes configured with different sheet sizes on one store (a rolling deploy that
 * changes BUBBLES_SHEET_SIZE): the sheet they share keeps its size until it is finished, and the
 * next one has the size of the process whose pop finished it. On SQLite (one bus) and on a Redis
 * of this file's own (each process its own connections and pub/sub).
 */
const quiet = createLogger("error", () => {});
const redis = ownRedis();

/** What each process is built on: its store, its bus, and undoing it. */
type Place = () => Promise<{ backends: Backends; bus: Bus; store: BubbleStore }>;
const places: [string, () => Promise<{ place: Place; cleanUp: () => Promise<void> }>][] = [
  [
    "SQLite",
    async () => {
      const [, open] = testBackends[0] as (typeof testBackends)[number];
      const { backends, cleanUp } = await open();
      const bus = createBus(backends, quiet);
      return {
        place: async () => ({ backends, bus, store: sqliteBubbleStore(backends.sqlite) }),
        cleanUp: async () => {
          await bus.close();
          await cleanUp();
        },
      };
    },
  ],
  [
    "Redis",
    async () => ({
      place: async () => {
        const { backends, bus } = redis.connect();
        return { backends, bus, store: redisBubbleStore(backends.redis) };
      },
      cleanUp: async () => {},
    }),
  ],
];

describe.each(places)("servers of two sheet sizes on %s", (_, open) => {
  it("keep the sheet they share at its size, and begin the next at the size of the server that finished it", async () => {
    const { place, cleanUp } = await open();
    const stops: (() => Promise<void>)[] = [];
    try {
      /** A server process with sheets of `size`, checking the store every 50 ms; its reads counted. */
      const serverHub = async (size: number) => {
        const { backends, bus, store } = await place();
        const reads = { count: 0 };
        const counted: BubbleStore = {
          ...store,
          sheet: (wanted) => {
            reads.count++;
            return store.sheet(wanted);
          },
        };
        const hub = createBubbleHub({
          store: counted,
          bus,
          guard: backends.guard,
          log: quiet,
          limiter: { take: async () => 0 },
          presence: localPresence(),
          size,
          checkMs: 50,
        });
        stops.push(() => hub.stop());
        const page = testPeer();
        hub.join(page);
        await until(() => page.binaries.length > 0);
        return { hub, page, reads, store };
      };
      const older = await serverHub(8);
      const newer = await serverHub(12);
      /** Until each process has read the store `checks` more times. */
      const checks = async (checks: number) => {
        const [a, b] = [older.reads.count, newer.reads.count];
        await until(() => older.reads.count >= a + checks && newer.reads.count >= b + checks);
      };
      const first = await older.hub.sheet();
      expect(first).toMatchObject({ size: 8 });
      expect(await newer.hub.sheet()).toMatchObject({ sheet: first?.sheet, size: 8 });
      await newer.hub.pop(testPeer("192.0.2.1"), { n: 1, sheet: first?.sheet as number, i: [1, 2] });
      await newer.hub.flush();

      // Several checks of each: neither resets the other's sheet, and nobody is sent it again.
      await checks(6);
      expect(await older.store.sheet(8)).toMatchObject({ sheet: first?.sheet, size: 8, popped: 2 });
      for (const { hub, page } of [older, newer]) {
        expect(await hub.sheet()).toMatchObject({ sheet: first?.sheet, size: 8, popped: 2 });
        expect(page.binaries).toHaveLength(1);
      }

      // The newer server's visitor finishes it: the next sheet is the newer size, for everyone.
      await newer.hub.pop(testPeer("192.0.2.2"), { n: 2, sheet: first?.sheet as number, i: [0, 3, 4, 5, 6, 7] });
      await newer.hub.flush();
      const next = { sheet: (first?.sheet as number) + 1, size: 12, popped: 0, finished: (first?.finished ?? 0) + 1 };
      for (const { hub } of [older, newer]) await until(async () => (await hub.sheet())?.sheet === next.sheet);
      await checks(6);
      expect(await older.store.sheet(8)).toMatchObject(next);
      for (const { hub, page } of [older, newer]) {
        expect(await hub.sheet()).toMatchObject(next);
        // Each page was told the sheet was done, and given the next one whole (a size of its own).
        expect(page.texts.some((m) => m.t === "done")).toBe(true);
        expect(decodeSheet(page.binaries.at(-1) as Uint8Array)).toMatchObject({ sheet: next.sheet, size: 12 });
      }
      // Pops on it reach the whole of its size.
      await older.hub.pop(testPeer("192.0.2.3"), { n: 3, sheet: next.sheet, i: [11] });
      await older.hub.flush();
      await until(async () => (await newer.hub.sheet())?.popped === 1);
    } finally {
      for (const stop of stops) await stop();
      await cleanUp();
    }
  });
});
