import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { connect, createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { freePort, startRedis, startSiteProcess, stopProcess } from "../../scripts/lib/local-servers.ts";
import { makeSiteFixture } from "../test/site-fixture.ts";

/**
 * The server against a real redis-server that stops answering (SIGSTOP), dies (SIGKILL) and comes
 * back, and one that is not there when the server starts. Every store call has a deadline (1.5 s):
 * the API answers 503 with Retry-After when it passes, or at once when Redis is out of reach; pages
 * go on, and a send repeated after the store is back makes the total exact. How fast pages are
 * served meanwhile is the counter bench's to measure (scripts/bench/counter-frozen.ts), not a test's.
 */
const cleanUps: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanUp of cleanUps.splice(0).reverse()) await cleanUp();
});

/**
 * A store deadline far longer than any test may run: a 503 that arrives at all did not wait for it.
 */
const NEVER_MS = "600000";

/**
 * A way to Redis whose every connection is made `delayMs` late, as a Redis slow to answer a server
 * that has just started (a loaded machine, a far network).
 */
async function lateRelay(redisPort: number, delayMs: number): Promise<{ url: string; close(): void }> {
  const relay = createServer((incoming) => {
    incoming.pause();
    incoming.on("error", () => {});
    const timer = setTimeout(() => {
      const outgoing = connect(redisPort, "127.0.0.1");
      outgoing.on("error", () => incoming.destroy());
      incoming.on("close", () => outgoing.destroy());
      outgoing.pipe(incoming);
      incoming.pipe(outgoing);
      incoming.resume();
    }, delayMs);
    incoming.on("close", () => clearTimeout(timer));
  });
  await new Promise<void>((resolve) => relay.listen(0, "127.0.0.1", resolve));
  const { port } = relay.address() as { port: number };
  return { url: `redis://127.0.0.1:${port}`, close: () => relay.close() };
}

async function setUp({ redisUp = true, env = {} as Record<string, string> } = {}) {
  const site = makeSiteFixture();
  const dir = mkdtempSync(join(tmpdir(), "redis-outage-"));
  cleanUps.push(() => {
    site.remove();
    rmSync(dir, { recursive: true, force: true });
  });
  const port = await freePort();
  const redis = { child: undefined as ChildProcess | undefined };
  const startStore = async () => {
    redis.child = (await startRedis({ port, dir })).child;
  };
  cleanUps.push(async () => {
    if (redis.child) {
      redis.child.kill("SIGCONT");
      await stopProcess(redis.child);
    }
  });
  if (redisUp) await startStore();
  const server = await startSiteProcess({
    SITE_DIR: site.client,
    REDIS_URL: `redis://127.0.0.1:${port}`,
    COUNTER_READ_LIMIT: "1000/10000",
    COUNTER_WRITE_LIMIT: "1000/10000",
    ...env,
  });
  cleanUps.push(() => stopProcess(server.child));
  const origin = server.origin;
  let sends = 0;
  return {
    redis,
    startStore,
    server,
    /** The status, Retry-After and body. */
    async call(path: string, init?: RequestInit) {
      const response = await fetch(origin + path, init);
      const body = await response.text();
      return { status: response.status, retryAfter: response.headers.get("retry-after"), body };
    },
    /** The store's changes of state the server logged from the `from`th log line on, with why. */
    storeStates(from = 0) {
      return server.logs
        .slice(from)
        .map((line) => JSON.parse(line) as { msg: string; error?: string })
        .filter((entry) => entry.msg.startsWith("store"));
    },
    send(device: string, from: number, to: number) {
      sends++;
      return this.call("/api/clicks", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ device, from, to }),
      });
    },
    async total() {
      return (JSON.parse((await this.call("/api/clicks")).body) as { total: number }).total;
    },
    get sends() {
      return sends;
    },
  };
}

describe("a Redis that stops answering", () => {
  it("makes the API answer 503 when its deadline passes, pages go on, and the total ends exact", async () => {
    const t = await setUp();
    await expect.poll(async () => (await t.call("/readyz")).status).toBe(200);
    expect((await t.send("frozen-device-00001", 0, 5)).status).toBe(200);
    expect(t.storeStates().map((entry) => entry.msg)).toEqual(["store available"]);
    const beforeFreeze = t.server.logs.length;

    t.redis.child?.kill("SIGSTOP");
    const frozen = await Promise.all([
      t.call("/api/clicks"),
      t.send("frozen-device-00001", 5, 8),
      t.call("/readyz"),
      ...Array.from({ length: 30 }, () => t.call("/api/clicks")),
    ]);
    for (const answer of frozen) {
      expect(answer.status).toBe(503);
      expect(answer.retryAfter).toBe("5");
    }
    // The deadline is what answered them (the server's clock, not the test's, times it).
    expect(t.storeStates(beforeFreeze)).toEqual([
      {
        level: "warn",
        msg: "store unavailable",
        store: "redis",
        error: "no answer within 1500 ms",
        time: expect.any(String),
      },
    ]);
    const page = await t.call("/hi");
    expect(page).toMatchObject({ status: 200, body: "<p>hi</p>" });
    expect((await t.call("/healthz")).status).toBe(200);

    t.redis.child?.kill("SIGCONT");
    await expect.poll(async () => (await t.call("/readyz")).status, { timeout: 10_000 }).toBe(200);
    // The page sends the range it never saw confirmed again: counted once, whatever Redis did with
    // the first try when it woke up.
    expect(JSON.parse((await t.send("frozen-device-00001", 5, 8)).body)).toMatchObject({ acked: 8 });
    expect(await t.total()).toBe(8);
    // Whole lines, so that a failure shows when each came and why (store-guard.ts: a call sent
    // while Redis was frozen and out of time after it woke says nothing of it).
    expect(t.storeStates(beforeFreeze)).toEqual([
      expect.objectContaining({ msg: "store unavailable" }),
      expect.objectContaining({ msg: "store available" }),
    ]);
  });
});

describe("a Redis that dies and comes back", () => {
  it("answers 503 at once while it is gone, and counts again when it is back", async () => {
    // "At once": with a deadline longer than the test may run, an answer at all did not wait for it.
    const t = await setUp({ env: { STORE_DEADLINE_MS: NEVER_MS } });
    await expect.poll(async () => (await t.call("/readyz")).status).toBe(200);
    expect((await t.send("killed-device-00001", 0, 4)).status).toBe(200);
    const beforeKill = t.server.logs.length;
    if (t.redis.child) await stopProcess(t.redis.child, "SIGKILL");
    const gone = await t.send("killed-device-00001", 4, 6);
    expect(gone).toMatchObject({ status: 503, retryAfter: "5" });
    const states = t.storeStates(beforeKill);
    expect(states.map((entry) => entry.msg)).toEqual(["store unavailable"]);
    expect(states[0]?.error).not.toMatch(/no answer within/);
    expect(await t.call("/hi")).toMatchObject({ status: 200, body: "<p>hi</p>" });

    await t.startStore();
    await expect.poll(async () => (await t.call("/readyz")).status, { timeout: 10_000 }).toBe(200);
    expect((await t.send("killed-device-00001", 4, 6)).status).toBe(200);
    // Redis kept what it had acknowledged (append-only file), and the repeated send counted once.
    expect(await t.total()).toBe(6);
  });
});

describe("a Redis that is not there when the server starts", () => {
  it("serves pages at once, is not ready, and becomes ready when Redis comes", async () => {
    // As above: these 503s arriving at all means none waited for the deadline.
    const t = await setUp({ redisUp: false, env: { STORE_DEADLINE_MS: NEVER_MS } });
    expect(await t.call("/hi")).toMatchObject({ status: 200, body: "<p>hi</p>" });
    expect(await t.call("/readyz")).toMatchObject({ status: 503, retryAfter: "5" });
    expect(await t.call("/api/clicks")).toMatchObject({ status: 503, retryAfter: "5" });

    await t.startStore();
    await expect.poll(async () => (await t.call("/readyz")).status, { timeout: 10_000 }).toBe(200);
    expect((await t.send("late-redis-device-01", 0, 3)).status).toBe(200);
    expect(await t.total()).toBe(3);
  });
});

describe("a Redis slow to answer when the server starts", () => {
  it("is waited for before the server listens: the first request is answered, not refused", async () => {
    // Each connection to Redis made 400 ms late, well within the store's deadline (1.5 s): a server
    // restarted in a fleet under load answered 503 ("The client is offline") to what nginx gave it
    // before its connection was ready.
    const site = makeSiteFixture();
    const dir = mkdtempSync(join(tmpdir(), "redis-late-"));
    cleanUps.push(() => {
      site.remove();
      rmSync(dir, { recursive: true, force: true });
    });
    const redis = await startRedis({ dir });
    cleanUps.push(() => stopProcess(redis.child));
    const relay = await lateRelay(redis.port, 400);
    cleanUps.push(() => relay.close());
    const late = await startSiteProcess({
      SITE_DIR: site.client,
      REDIS_URL: relay.url,
      COUNTER_READ_LIMIT: "1000/10000",
      COUNTER_WRITE_LIMIT: "1000/10000",
    });
    cleanUps.push(() => stopProcess(late.child));
    const first = await fetch(`${late.origin}/api/clicks`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ device: "late-start-device-01", from: 0, to: 2 }),
    });
    expect(first.status).toBe(200);
    expect(
      late.logs.map((line) => (JSON.parse(line) as { msg: string }).msg).filter((msg) => msg.startsWith("store")),
    ).toEqual(["store available"]);
  });
});
