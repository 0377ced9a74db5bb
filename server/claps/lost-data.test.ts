import { expect, it } from "vitest";
import { localPresence } from "../live/presence.ts";
import { createLogger } from "../ops/log.ts";
import { ownRedis } from "../test/own-redis.ts";
import { testPeer } from "../test/peer.ts";
import { until } from "../test/until.ts";
import { createCrowd } from "./crowd.ts";
import { redisClapStore } from "./redis.ts";

/**
 * The crowd's total when Redis loses its data (FLUSHALL, or a restart without persistence): the
 * total only grows while the data lasts, but a total made again from nothing is not a reading to
 * take the larger of. A Redis of this file's own, free to be emptied.
 */
const redis = ownRedis();

/** A server process's crowd on the file's Redis, checking the store every 200 ms, its warnings kept. */
function serverCrowd() {
  const warnings: string[] = [];
  const log = createLogger("warn", (line) => warnings.push(line));
  const { backends, bus } = redis.connect();
  const crowd = createCrowd({
    store: redisClapStore(backends.redis),
    bus,
    guard: backends.guard,
    log,
    limiter: { take: async () => 0 },
    presence: localPresence(),
    sendMs: 50,
    checkMs: 200,
  });
  redis.undoLater(() => crowd.stop());
  return { crowd, backends, warnings };
}

const crowdsOf = (peer: ReturnType<typeof testPeer>) =>
  peer.texts.filter((m) => m.t === "crowd") as unknown as { total: number; gen?: unknown }[];

it("notices Redis lost its data: the next check shows the store's total, once, and pages get it whole", async () => {
  const one = serverCrowd();
  const two = serverCrowd();
  const [page, other] = [testPeer("192.0.2.1"), testPeer("192.0.2.2")];
  one.crowd.join(page);
  two.crowd.join(other);
  await until(() => crowdsOf(page).length > 0 && crowdsOf(other).length > 0);
  await one.crowd.clap(testPeer("198.51.100.1"), { n: 1, page: "lost-data-page-000001", batch: 1, count: 12 });
  await one.crowd.flush();
  await until(() => crowdsOf(other).at(-1)?.total === 12);
  const before = crowdsOf(page).at(-1);

  await one.backends.redis().flushAll();
  await until(async () => (await one.crowd.crowd())?.total === 0 && (await two.crowd.crowd())?.total === 0);
  for (const [peer, process] of [
    [page, one],
    [other, two],
  ] as const) {
    await until(() => crowdsOf(peer).at(-1)?.total === 0);
    const replaced = crowdsOf(peer).at(-1);
    // Named as a total of other data than the page has, so it replaces it rather than keeping the larger.
    expect(typeof replaced?.gen).toBe("string");
    expect(replaced?.gen).not.toBe(before?.gen);
    expect(process.warnings.filter((line) => line.includes("replaced"))).toHaveLength(1);
  }
  // Claps from now on count from there (the page's batch 1 was forgotten with the rest).
  await one.crowd.clap(testPeer("198.51.100.1"), { n: 2, page: "lost-data-page-000001", batch: 1, count: 3 });
  await one.crowd.flush();
  await until(async () => (await two.crowd.crowd())?.total === 3);
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect((await one.crowd.crowd())?.total).toBe(3);
  for (const { warnings } of [one, two]) expect(warnings.filter((line) => line.includes("replaced"))).toHaveLength(1);
});
