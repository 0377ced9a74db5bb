import { expect, it } from "vitest";
import { createLogger } from "../ops/log.ts";
import { ownRedis } from "../test/own-redis.ts";
import { testPeer } from "../test/peer.ts";
import { until } from "../test/until.ts";
import { createPollHub } from "./hub.ts";
import { redisPollStore } from "./redis.ts";
import { noCounts } from "./store.ts";

/**
 * The polls when Redis loses its data (FLUSHALL, or a restart without persistence): counts only
 * ever grow while the data lasts, but data made again from nothing is not a reading to take the
 * larger of. A Redis of this file's own, free to be emptied.
 */
const redis = ownRedis();

/** A server process's polls on the file's Redis, checking the store every 200 ms, its warnings kept. */
function serverHub() {
  const warnings: string[] = [];
  const log = createLogger("warn", (line) => warnings.push(line));
  const { backends, bus } = redis.connect();
  const hub = createPollHub({
    store: redisPollStore(backends.redis, 1000),
    bus,
    guard: backends.guard,
    log,
    limiter: { take: async () => 0 },
    sendMs: 50,
    checkMs: 200,
  });
  redis.undoLater(() => hub.stop());
  return { hub, backends, warnings };
}

const talliesOf = (peer: ReturnType<typeof testPeer>) =>
  peer.texts.filter((m) => m.t === "tallies") as unknown as { counts: unknown; gen?: unknown }[];

it("notices Redis lost its data: the next check shows the store's counts, once, and pages get them whole", async () => {
  const one = serverHub();
  const two = serverHub();
  const [page, other] = [testPeer("192.0.2.1"), testPeer("192.0.2.2")];
  one.hub.join(page);
  two.hub.join(other);
  await until(() => talliesOf(page).length > 0 && talliesOf(other).length > 0);
  for (const [k, device] of ["lost-data-device-0001", "lost-data-device-0002"].entries()) {
    await one.hub.vote(testPeer(`198.51.100.${k + 1}`), { n: 1, q: 1, a: 2, device });
  }
  await one.hub.flush();
  await until(async () => (await two.hub.counts())?.[1]?.[2] === 2);
  const before = talliesOf(page).at(-1);

  await one.backends.redis().flushAll();
  // The next check of each process takes the store's counts whole: nothing, as the store has.
  await until(async () => (await one.hub.counts())?.[1]?.[2] === 0 && (await two.hub.counts())?.[1]?.[2] === 0);
  for (const [peer, hub] of [
    [page, one],
    [other, two],
  ] as const) {
    await until(() => JSON.stringify(talliesOf(peer).at(-1)?.counts) === JSON.stringify(noCounts(5)));
    const replaced = talliesOf(peer).at(-1);
    // Named as counts of other data than the page has, so it replaces them rather than taking the larger.
    expect(typeof replaced?.gen).toBe("string");
    expect(replaced?.gen).not.toBe(before?.gen);
    expect(hub.warnings.filter((line) => line.includes("replaced"))).toHaveLength(1);
  }
  // Votes from now on count from there, and the processes replace nothing more at later checks.
  const sent = talliesOf(page).length;
  await one.hub.vote(testPeer("198.51.100.9"), { n: 1, q: 1, a: 0, device: "lost-data-device-0003" });
  await one.hub.flush();
  await until(async () => (await two.hub.counts())?.[1]?.[0] === 1);
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect((await one.hub.counts())?.[1]).toEqual([1, 0, 0]);
  expect(talliesOf(page)).toHaveLength(sent);
  for (const { warnings } of [one, two]) expect(warnings.filter((line) => line.includes("replaced"))).toHaveLength(1);
});
