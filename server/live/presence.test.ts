import { describe, expect, it } from "vitest";
import { ownRedis } from "../test/own-redis.ts";
import { until } from "../test/until.ts";
import { redisPresence } from "./presence.ts";

/**
 * Presence on a real Redis of this file's own (free to be frozen): each server process counts its
 * visitors into one hash, and a process that stops takes its count out with it.
 */
const redis = ownRedis();

/**
 * A server process's presence on `topic`, refreshed every `everyMs`, on its own connection, and
 * how many times it has gone to the store (each refresh, and the stop, goes through the guard).
 */
function processPresence(id: string, everyMs = 100, topic = "presence-test") {
  const { backends } = redis.connect();
  let runs = 0;
  const guard = {
    ...backends.guard,
    run: <T>(work: () => Promise<T> | T) => {
      runs++;
      return backends.guard.run(work);
    },
  };
  const presence = redisPresence(backends.redis, guard, topic, id, everyMs);
  redis.undoLater(async () => presence.stop());
  return Object.assign(presence, { runs: () => runs });
}

describe("presence on one Redis", () => {
  it("stops counting a process that stopped at the others' next refresh, not 15 s later", async () => {
    const one = processPresence("one");
    const two = processPresence("two");
    one.report(3);
    two.report(4);
    await until(() => one.here() === 7 && two.here() === 7);
    await one.stop();
    // Refreshed every 100 ms: a second is many refreshes, and far short of the 15 s a count
    // left behind would be believed.
    await until(() => two.here() === 4, 1000);
  });

  it("stops within the store's deadline when Redis is frozen, and its timer with it", async () => {
    const one = processPresence("frozen", 100, "frozen-test");
    one.report(2);
    await until(() => one.here() === 2);
    // Refreshing every 100 ms: the guard sees each refresh.
    const running = one.runs();
    await until(() => one.runs() >= running + 2);
    redis.child.kill("SIGSTOP");
    try {
      const started = Date.now();
      await one.stop();
      // The deadline is 1.5 s (own-redis.ts): a stop never waits on a frozen Redis longer.
      expect(Date.now() - started).toBeLessThan(2500);
    } finally {
      redis.child.kill("SIGCONT");
    }
    // The timer went with the stop: ten refresh periods later, not one more refresh was tried.
    const stopped = one.runs();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(one.runs()).toBe(stopped);
  });
});
