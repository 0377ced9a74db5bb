import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type Backends, openBackends } from "../ops/backends.ts";
import { createLogger } from "../ops/log.ts";
import { makeSiteFixture } from "../test/site-fixture.ts";
import { sqliteClickStore } from "./sqlite.ts";
import { type ClickStore, DEFAULT_DEVICE_MEMORY } from "./store.ts";
import { counterApi, newDevice, quiet } from "./test-api.ts";

describe("the counter API when things go wrong", () => {
  let site: ReturnType<typeof makeSiteFixture>;
  let backends: Backends;
  beforeEach(() => {
    site = makeSiteFixture();
    backends = openBackends({ dataDir: site.dataDir, deadlineMs: 300, log: quiet });
  });
  afterEach(async () => {
    await backends.close();
    site.remove();
  });

  it("limits each client address, with a Retry-After, and other addresses go on", async () => {
    const { app, stop } = counterApi({
      backends,
      clicks: sqliteClickStore(backends.sqlite, DEFAULT_DEVICE_MEMORY),
      log: quiet,
      trust: 1,
      limits: { read: { burst: 2, perMinute: 60 }, write: { burst: 2, perMinute: 60 } },
    });
    const from = (address: string) => ({ headers: { "X-Forwarded-For": address } });
    expect((await app.request("/api/clicks", from("10.0.0.1"))).status).toBe(200);
    expect((await app.request("/api/clicks", from("10.0.0.1"))).status).toBe(200);
    const limited = await app.request("/api/clicks", from("10.0.0.1"));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await limited.json()) as { error: string }).error).toMatch(/Too many requests/);
    // Writing another address in front of the real one changes nothing.
    expect((await app.request("/api/clicks", from("6.6.6.6, 10.0.0.1"))).status).toBe(429);
    expect((await app.request("/api/clicks", from("10.0.0.2"))).status).toBe(200);
    // Asking about a device is a read like any other.
    expect((await app.request("/api/clicks?device=device-asked-about-01", from("10.0.0.1"))).status).toBe(429);
    expect((await app.request("/api/clicks?device=device-asked-about-01", from("10.0.0.2"))).status).toBe(200);
    expect((await app.request("/api/clicks?device=device-asked-about-01", from("10.0.0.2"))).status).toBe(429);
    stop();
  });

  const failing = (fail: () => Promise<never>): ClickStore => ({
    total: fail,
    count: fail,
    acked: fail,
    record: fail,
  });

  it("answers 503 with Retry-After when the store fails, and says so once in the log", async () => {
    const lines: string[] = [];
    const log = createLogger("info", (line) => lines.push(line));
    const logged = openBackends({ dataDir: site.dataDir, deadlineMs: 300, log });
    const { app, stop } = counterApi({
      backends: logged,
      clicks: failing(() => Promise.reject(new Error("disk on fire"))),
      log,
    });
    const response = await app.request("/api/clicks");
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("5");
    expect(((await response.json()) as { error: string }).error).toMatch(/unavailable/);
    await app.request("/api/clicks");
    expect(lines.map((line) => JSON.parse(line).msg).filter((msg) => msg === "store unavailable")).toHaveLength(1);
    stop();
    await logged.close();
  });

  it("answers 503 at the store's deadline, not before, when the store never answers", async () => {
    let asked = 0;
    const { app, stop } = counterApi({
      backends,
      clicks: failing(() => {
        asked++;
        return new Promise<never>(() => {});
      }),
      log: quiet,
    });
    // The deadlines' clock is the test's (300 ms here, 1500 ms by default).
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      const statuses: number[] = [];
      for (const response of [
        app.request("/api/clicks"),
        app.request("/api/clicks", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ device: newDevice(), from: 0, to: 1 }),
        }),
      ])
        Promise.resolve(response).then((r) => statuses.push(r.status));
      // Real turns of the event loop (only the timers are fake), until `done` or enough of them.
      const turn = async (done: () => boolean) => {
        for (let turns = 0; !done() && turns < 1000; turns++) await new Promise(setImmediate);
      };
      // Both requests have reached the store (their deadlines run from there).
      await turn(() => asked === 2);
      expect(asked).toBe(2);
      await vi.advanceTimersByTimeAsync(299);
      await turn(() => statuses.length > 0);
      expect(statuses).toEqual([]);
      await vi.advanceTimersByTimeAsync(1);
      await turn(() => statuses.length === 2);
      expect(statuses).toEqual([503, 503]);
    } finally {
      vi.useRealTimers();
      stop();
    }
  });

  it("answers /healthz always, and /readyz only while the store answers", async () => {
    const { app, stop } = counterApi({
      backends,
      clicks: sqliteClickStore(backends.sqlite, DEFAULT_DEVICE_MEMORY),
      log: quiet,
    });
    expect(await (await app.request("/healthz")).json()).toEqual({ ok: true });
    expect(await (await app.request("/readyz")).json()).toEqual({ ready: true, store: "sqlite" });
    // A store that cannot be opened: a file stands where its folder would be.
    writeFileSync(join(site.root, "in-the-way"), "");
    const broken = openBackends({ dataDir: join(site.root, "in-the-way", "data"), deadlineMs: 300, log: quiet });
    const { app: notReady, stop: stopNotReady } = counterApi({
      backends: broken,
      clicks: sqliteClickStore(broken.sqlite, DEFAULT_DEVICE_MEMORY),
      log: quiet,
    });
    const ready = await notReady.request("/readyz");
    expect(ready.status).toBe(503);
    expect(ready.headers.get("retry-after")).toBe("5");
    expect((await notReady.request("/healthz")).status).toBe(200);
    expect((await notReady.request("/api/clicks")).status).toBe(503);
    stop();
    stopNotReady();
    await broken.close();
  });

  it("keeps the total and the devices it has seen when SQLite is opened again", async () => {
    const store = sqliteClickStore(backends.sqlite, DEFAULT_DEVICE_MEMORY);
    await store.count({ device: "device-kept-000001", from: 0, to: 4 }, Date.now());
    await backends.close();
    backends = openBackends({ dataDir: site.dataDir, deadlineMs: 300, log: quiet });
    const again = sqliteClickStore(backends.sqlite, DEFAULT_DEVICE_MEMORY);
    expect(await again.total()).toBe(4);
    expect(await again.count({ device: "device-kept-000001", from: 0, to: 4 }, Date.now())).toEqual({
      total: 4,
      counted: 0,
      acked: 4,
    });
  });
});
