import { expect, it } from "vitest";
import { decodeSheet } from "../../contracts/bubbles.ts";
import { localPresence } from "../live/presence.ts";
import { createLogger } from "../ops/log.ts";
import { ownRedis } from "../test/own-redis.ts";
import { testPeer } from "../test/peer.ts";
import { until } from "../test/until.ts";
import { createBubbleHub } from "./hub.ts";
import { redisBubbleStore } from "./redis.ts";
import { SHEET_FINISHED } from "./refusals.ts";

/**
 * The shared sheet when Redis loses its data (FLUSHALL, or a restart without persistence). A
 * Redis of this file's own, free to be emptied.
 */
const redis = ownRedis();
const quiet = createLogger("error", () => {});

function serverHub(checkMs: number) {
  const { backends, bus } = redis.connect();
  const hub = createBubbleHub({
    store: redisBubbleStore(backends.redis),
    bus,
    guard: backends.guard,
    log: quiet,
    limiter: { take: async () => 0 },
    presence: localPresence(),
    size: 16,
    checkMs,
  });
  redis.undoLater(() => hub.stop());
  return { hub, backends };
}

const sheetsOf = (peer: ReturnType<typeof testPeer>) => peer.binaries.map((bytes) => decodeSheet(bytes));

it("gives pages a fresh sheet whole at the next check after Redis lost its data", async () => {
  const { hub, backends } = serverHub(200);
  const page = testPeer("192.0.2.1");
  hub.join(page);
  await until(() => page.binaries.length > 0);
  const sheet = sheetsOf(page).at(-1)?.sheet as number;
  // A second sheet: the first one finished.
  await hub.pop(testPeer("198.51.100.1"), { n: 1, sheet, i: Array.from({ length: 16 }, (_, i) => i) });
  await hub.flush();
  await until(async () => (await hub.sheet())?.sheet === sheet + 1);
  await hub.pop(testPeer("198.51.100.1"), { n: 2, sheet: sheet + 1, i: [3] });
  await hub.flush();
  await until(async () => (await hub.sheet())?.popped === 1);
  expect((await hub.sheet())?.finished).toBe(1);

  await backends.redis().flushAll();
  await until(async () => (await hub.sheet())?.popped === 0);
  const last = sheetsOf(page).at(-1);
  expect(last).toMatchObject({ popped: 0, finished: 0 });
});

it("answers pops made just after Redis lost its data with the fresh sheet, not 'out of reach' until the next check", async () => {
  const { hub, backends } = serverHub(600_000);
  // Read once its connection is up (asked again until then: the store check is ten minutes off).
  await until(async () => (await hub.sheet()) !== null);
  const page = testPeer("192.0.2.2");
  hub.join(page);
  await until(() => page.binaries.length > 0);
  // Past the first sheet (a sheet begun again after the loss is numbered 1).
  const first = (await hub.sheet())?.sheet as number;
  await hub.pop(testPeer("198.51.100.2"), { n: 1, sheet: first, i: Array.from({ length: 16 }, (_, i) => i) });
  await hub.flush();
  await until(async () => (await hub.sheet())?.sheet === first + 1);
  const sent = page.binaries.length;

  await backends.redis().flushAll();
  await hub.pop(page, { n: 1, sheet: first + 1, i: [4] });
  await hub.flush();
  expect(page.texts.find((m) => m.n === 1)).toMatchObject({ t: "no", error: SHEET_FINISHED });
  // And the page is given the sheet the store has now, whole.
  await until(() => page.binaries.length > sent);
  expect(sheetsOf(page).at(-1)).toMatchObject({ sheet: 1, popped: 0 });
});
