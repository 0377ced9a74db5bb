import { afterAll, expect, it } from "vitest";
import { createBus } from "../live/bus.ts";
import { createLogger } from "../ops/log.ts";
import { testPeer } from "../test/peer.ts";
import { testBackends } from "../test/stores.ts";
import { createPollHub } from "./hub.ts";
import { redisPollStore } from "./redis.ts";

/**
 * Two server processes' hubs on the test Redis, each with its own connections and pub/sub, as two
 * servers have them: a vote on one reaches the other's visitors, and a device votes once whichever
 * server it reaches.
 */
const quiet = createLogger("error", () => {});
const cleanUps: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanUp of cleanUps.reverse()) await cleanUp();
});

const until = async (ready: () => boolean, ms = 3000) => {
  for (const started = Date.now(); !ready(); ) {
    if (Date.now() - started > ms) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};

async function serverHub() {
  const [, open] = testBackends[1] as (typeof testBackends)[number];
  const { backends, cleanUp } = await open();
  const bus = createBus(backends, quiet);
  const hub = createPollHub({
    store: redisPollStore(backends.redis, 1000),
    bus,
    guard: backends.guard,
    log: quiet,
    limiter: { take: async () => 0 },
    sendMs: 50,
  });
  cleanUps.push(async () => {
    await hub.stop();
    await bus.close();
    await cleanUp();
  });
  return hub;
}

it("shares the counts between two servers on one Redis, and counts a visitor once whichever it reaches", async () => {
  // Each opening empties the test Redis: both before anyone votes.
  const [one, two] = [await serverHub(), await serverHub()];
  // One visitor (its token, as its browser keeps it) on each server.
  const [onOne, onTwo] = [testPeer("127.0.0.1", "redis-hub-visitor-1"), testPeer("127.0.0.1", "redis-hub-visitor-1")];
  one.join(onOne);
  two.join(onTwo);
  await until(() => onOne.texts.length > 0 && onTwo.texts.length > 0);
  const device = "redis-hub-device-0001";

  await one.vote(onOne, { n: 1, q: 3, a: 0, device });
  await until(() => onTwo.texts.some((m) => m.t === "tally"));
  expect(onTwo.texts.find((m) => m.t === "tally")).toEqual({ topic: "polls", t: "tally", q: 3, counts: [1, 0, 0] });

  // The same visitor through the other server: nothing counted, its first answer stands.
  await two.vote(onTwo, { n: 1, q: 3, a: 1, device });
  await until(() => onTwo.texts.some((m) => m.t === "ok"));
  expect(onTwo.texts.find((m) => m.t === "ok")).toEqual({
    t: "ok",
    n: 1,
    q: 3,
    counted: false,
    answer: 0,
    counts: [1, 0, 0],
  });
  expect(await one.counts()).toEqual(await two.counts());
});
