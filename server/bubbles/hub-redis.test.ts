import type { ChildProcess } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isPopped } from "../../contracts/bubbles.ts";
import { startRedis, stopProcess } from "../../scripts/lib/local-servers.ts";
import { createBus } from "../live/bus.ts";
import { localPresence } from "../live/presence.ts";
import { openBackends } from "../ops/backends.ts";
import { createLogger } from "../ops/log.ts";
import { testPeer } from "../test/peer.ts";
import { createBubbleHub } from "./hub.ts";
import { redisBubbleStore } from "./redis.ts";
import { SHEET_FINISHED } from "./refusals.ts";

/**
 * Two server processes' hubs on one real Redis (a Redis of this file's own, so it can be frozen),
 * each with its own connection and pub/sub, as two servers have them.
 */
const quiet = createLogger("error", () => {});
let redis: { url: string; child: ChildProcess };
const cleanUps: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  for (const cleanUp of cleanUps.reverse()) await cleanUp();
  redis.child.kill("SIGCONT");
  await stopProcess(redis.child);
});

/** A hub as one server process has it, on its own Redis connections. */
async function serverHub(options: { flushMs?: number; deadlineMs?: number; size: number }) {
  const backends = openBackends({
    redisUrl: redis.url,
    dataDir: "unused",
    deadlineMs: options.deadlineMs ?? 1500,
    log: quiet,
  });
  const bus = createBus(backends, quiet);
  const hub = createBubbleHub({
    store: redisBubbleStore(backends.redis),
    bus,
    guard: backends.guard,
    log: quiet,
    limiter: { take: async () => 0 },
    presence: localPresence(),
    size: options.size,
    flushMs: options.flushMs,
    checkMs: 600_000,
  });
  cleanUps.push(async () => {
    await hub.stop();
    await bus.close();
    await backends.close();
  });
  // The hub reads the store when its bus is ready (its handler runs before this one): once the
  // bus is ready, the sheet below is that read's, and no read of the store is left in flight to
  // end after a write the test makes next.
  await new Promise<void>((resolve) => bus.onReady(resolve));
  await until(async () => (await hub.sheet()) !== null);
  return { hub, backends };
}

async function until(check: () => boolean | Promise<boolean>, ms = 5000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error("never got there");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe("pops on two servers sharing one Redis", () => {
  it("belong to the sheet they were made on: a sheet another server finished meanwhile gets them refused, the next one stays empty", async () => {
    const admin = await serverHub({ size: 4 });
    await admin.backends.redis().flushDb();
    // Here pops wait for a write this test makes; elsewhere they are written every 40 ms.
    const here = await serverHub({ size: 4, flushMs: 600_000 });
    const elsewhere = await serverHub({ size: 4 });
    const sheet = (await here.hub.sheet())?.sheet as number;

    const late = testPeer("192.0.2.1");
    await here.hub.pop(late, { n: 1, sheet, i: [0] });
    // Another server's visitor pops the whole sheet: it is finished, and every server moves on.
    const finisher = testPeer("192.0.2.2");
    elsewhere.hub.join(finisher);
    await elsewhere.hub.pop(finisher, { n: 1, sheet, i: [0, 1, 2, 3] });
    await until(async () => (await here.hub.sheet())?.sheet === sheet + 1);

    // Only now does the first server write what it gathered on the finished sheet.
    await here.hub.flush();
    expect(late.texts).toContainEqual({ t: "no", n: 1, error: SHEET_FINISHED });
    const next = await redisBubbleStore(here.backends.redis).sheet(4);
    expect(next.sheet).toBe(sheet + 1);
    expect(next.popped).toBe(0);
    expect(isPopped(next.bits, 0)).toBe(false);
  });

  it("are published when the store's write lands after its deadline, not at the next check", async () => {
    // A store of its own for sheets of 64 (a sheet keeps the size it began with).
    const admin = await serverHub({ size: 64 });
    await admin.backends.redis().flushDb();
    const here = await serverHub({ size: 64, flushMs: 600_000, deadlineMs: 300 });
    const elsewhere = await serverHub({ size: 64 });
    const sheet = (await here.hub.sheet())?.sheet as number;
    const popper = testPeer("192.0.2.3");
    const watcher = testPeer("192.0.2.4");
    elsewhere.hub.join(watcher);
    await here.hub.pop(popper, { n: 7, sheet, i: [42] });

    redis.child.kill("SIGSTOP");
    try {
      // The write meets the deadline: the page is told its pops wait.
      await here.hub.flush();
      expect(popper.texts.find((m) => m.t === "no")).toMatchObject({ t: "no", n: 7, retryMs: 2000 });
    } finally {
      redis.child.kill("SIGCONT");
    }
    // Redis wakes and does the write: the other server hears of it now, as numbered news (the store
    // check is ten minutes off, and the other server's own read of the store ended before the pop,
    // so only the late write's publish can tell it; a whole sheet would be a read of the store).
    const sees42 = () =>
      watcher.texts.some((m) => m.t === "pops" && m.sheet === sheet && (m.i as number[]).includes(42));
    await until(sees42, 3000);
  });
});
