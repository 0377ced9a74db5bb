import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { freePort, startRedis, startSiteProcess, stopProcess } from "../scripts/lib/local-servers.ts";
import { makeSiteFixture } from "./test/site-fixture.ts";

/**
 * The server against a real redis-server that stops answering (SIGSTOP), dies (SIGKILL) and comes
 * back, and one that is not there when the server starts. Every store call has a deadline (1.5 s):
 * the API answers 503 with Retry-After within about 2 s, pages go on, and a send repeated after the
 * store is back makes the total exact.
 */
const cleanUps: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanUp of cleanUps.splice(0).reverse()) await cleanUp();
});

async function setUp({ redisUp = true } = {}) {
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
  });
  cleanUps.push(() => stopProcess(server.child));
  const origin = server.origin;
  let sends = 0;
  return {
    redis,
    startStore,
    server,
    /** Timed: the status, Retry-After and how long the answer took. */
    async call(path: string, init?: RequestInit) {
      const started = performance.now();
      const response = await fetch(origin + path, init);
      const body = await response.text();
      return {
        status: response.status,
        retryAfter: response.headers.get("retry-after"),
        ms: performance.now() - started,
        body,
      };
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
  it("makes the API answer 503 within its deadline, pages go on, and the total ends exact", async () => {
    const t = await setUp();
    await expect.poll(async () => (await t.call("/readyz")).status).toBe(200);
    expect((await t.send("frozen-device-00001", 0, 5)).status).toBe(200);
    // On a slow machine the server may answer a request before its client has connected, and log
    // that once: the outage below is read from here on.
    const storeStates = (from: number) =>
      t.server.logs
        .slice(from)
        .map((line) => JSON.parse(line).msg)
        .filter((msg: string) => msg.startsWith("store"));
    expect(storeStates(0).at(-1)).toBe("store available");
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
      expect(answer.ms).toBeLessThan(2500);
    }
    const page = await t.call("/hi");
    expect(page.status).toBe(200);
    expect(page.ms).toBeLessThan(500);
    expect((await t.call("/healthz")).status).toBe(200);

    t.redis.child?.kill("SIGCONT");
    await expect.poll(async () => (await t.call("/readyz")).status, { timeout: 10_000 }).toBe(200);
    // The page sends the range it never saw confirmed again: counted once, whatever Redis did with
    // the first try when it woke up.
    expect(JSON.parse((await t.send("frozen-device-00001", 5, 8)).body)).toMatchObject({ acked: 8 });
    expect(await t.total()).toBe(8);
    expect(storeStates(beforeFreeze)).toEqual(["store unavailable", "store available"]);
  });
});

describe("a Redis that dies and comes back", () => {
  it("answers 503 at once while it is gone, and counts again when it is back", async () => {
    const t = await setUp();
    await expect.poll(async () => (await t.call("/readyz")).status).toBe(200);
    expect((await t.send("killed-device-00001", 0, 4)).status).toBe(200);
    if (t.redis.child) await stopProcess(t.redis.child, "SIGKILL");
    const gone = await t.send("killed-device-00001", 4, 6);
    expect(gone.status).toBe(503);
    expect(gone.ms).toBeLessThan(2500);
    expect((await t.call("/hi")).status).toBe(200);

    await t.startStore();
    await expect.poll(async () => (await t.call("/readyz")).status, { timeout: 10_000 }).toBe(200);
    expect((await t.send("killed-device-00001", 4, 6)).status).toBe(200);
    // Redis kept what it had acknowledged (append-only file), and the repeated send counted once.
    expect(await t.total()).toBe(6);
  });
});

describe("a Redis that is not there when the server starts", () => {
  it("serves pages at once, is not ready, and becomes ready when Redis comes", async () => {
    const t = await setUp({ redisUp: false });
    expect((await t.call("/hi")).status).toBe(200);
    const ready = await t.call("/readyz");
    expect(ready.status).toBe(503);
    expect(ready.ms).toBeLessThan(2500);
    const api = await t.call("/api/clicks");
    expect(api.status).toBe(503);
    expect(api.ms).toBeLessThan(2500);

    await t.startStore();
    await expect.poll(async () => (await t.call("/readyz")).status, { timeout: 10_000 }).toBe(200);
    expect((await t.send("late-redis-device-01", 0, 3)).status).toBe(200);
    expect(await t.total()).toBe(3);
  });
});
