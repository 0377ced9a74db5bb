import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MAX_BODY_BYTES, MAX_CLICKS_PER_SEND } from "../../contracts/clicks.ts";
import { type ApiOptions, createApi } from "../http/api.ts";
import { type Backends, openBackends } from "../ops/backends.ts";
import { createLogger } from "../ops/log.ts";
import { makeSiteFixture } from "../test/site-fixture.ts";
import { testBackends } from "../test/stores.ts";
import { redisClickStore } from "./redis.ts";
import { clickRoutes } from "./routes.ts";
import { sqliteClickStore } from "./sqlite.ts";
import { type ClickStore, DEFAULT_DEVICE_MEMORY, type DeviceMemory } from "./store.ts";

/** The API with the counter's routes on `clicks`, as the server mounts them (server/clicks/toy.ts). */
const counterApi = ({
  clicks,
  now,
  ...options
}: Omit<ApiOptions, "routes"> & { clicks: ClickStore; now?: () => number }) =>
  createApi({
    ...options,
    routes: [clickRoutes({ store: clicks, guard: options.backends.guard, now, log: options.log })],
  });

const GENEROUS = { read: { burst: 10_000, perMinute: 100_000 }, write: { burst: 10_000, perMinute: 100_000 } };
const quiet = createLogger("error", () => {});

interface Opened {
  backends: Backends;
  store: (memory?: DeviceMemory) => ClickStore;
  cleanUp: () => Promise<void>;
}

/** Each store, empty before every test. */
const stores = testBackends.map(
  ([name, open]) =>
    [
      name,
      async (): Promise<Opened> => {
        const { backends, cleanUp } = await open();
        const store = (memory = DEFAULT_DEVICE_MEMORY) =>
          backends.kind === "redis"
            ? redisClickStore(backends.redis, memory)
            : sqliteClickStore(backends.sqlite, memory);
        return { backends, store, cleanUp };
      },
    ] as const,
);

let deviceNumber = 0;
const newDevice = () => `test-device-${++deviceNumber}-${Math.random().toString(36).slice(2)}`;

describe.each(stores)("the counter API on %s", (_, open) => {
  let opened: Opened;
  let api: ReturnType<typeof counterApi>;
  let now = 1_800_000_000_000;

  beforeEach(async () => {
    opened = await open();
    api = counterApi({
      backends: opened.backends,
      clicks: opened.store(),
      log: quiet,
      limits: GENEROUS,
      now: () => now,
    });
  });
  afterEach(async () => {
    api.stop();
    await opened.cleanUp();
  });

  const post = (body: unknown, headers: Record<string, string> = {}, app = api.app) =>
    app.request("/api/clicks", {
      method: "POST",
      headers: { "Content-Type": "application/json", ...headers },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
  const total = async (app = api.app) => ((await (await app.request("/api/clicks")).json()) as { total: number }).total;

  it("starts at 0, counts a send, and says the new total and what the device has had counted", async () => {
    expect(await total()).toBe(0);
    const response = await post({ device: newDevice(), from: 0, to: 7 });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ total: 7, counted: 7, acked: 7 });
    expect(await total()).toBe(7);
  });

  it("counts a send repeated once, and a send that grew by what it grew", async () => {
    const device = newDevice();
    await post({ device, from: 0, to: 5 });
    // The answer was lost; the page sends the same range again, and more clicks since.
    expect(await (await post({ device, from: 0, to: 5 })).json()).toEqual({ total: 5, counted: 0, acked: 5 });
    expect(await (await post({ device, from: 0, to: 8 })).json()).toEqual({ total: 8, counted: 3, acked: 8 });
    // An old send arriving late changes nothing.
    expect(await (await post({ device, from: 0, to: 2 })).json()).toEqual({ total: 8, counted: 0, acked: 8 });
    expect(await (await post({ device, from: 8, to: 9 })).json()).toEqual({ total: 9, counted: 1, acked: 9 });
    // Another device counts on its own.
    expect(await (await post({ device: newDevice(), from: 0, to: 2 })).json()).toEqual({
      total: 11,
      counted: 2,
      acked: 2,
    });
  });

  it("trusts where a device it does not remember says it left off", async () => {
    // A device forgotten (idle for a month) whose first 40 clicks were counted long ago.
    expect(await (await post({ device: newDevice(), from: 40, to: 43 })).json()).toEqual({
      total: 3,
      counted: 3,
      acked: 43,
    });
  });

  const record = async (device: string, app = api.app) => {
    const response = await app.request(`/api/clicks?device=${encodeURIComponent(device)}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    return response.json();
  };

  it("says what it has recorded for a device, or that it does not remember it, and how far back it remembers", async () => {
    const device = newDevice();
    expect(await record(device)).toEqual({ total: 0, acked: null, rememberedForMs: DEFAULT_DEVICE_MEMORY.idleMs });
    await post({ device, from: 0, to: 4 });
    expect(await record(device)).toEqual({ total: 4, acked: 4, rememberedForMs: DEFAULT_DEVICE_MEMORY.idleMs });
    // Asking changes nothing: not the count, not when the device was last seen.
    now += DEFAULT_DEVICE_MEMORY.idleMs - 1000;
    await record(device);
    now += 2000;
    await post({ device: newDevice(), from: 0, to: 1 });
    expect(await record(device)).toEqual({ total: 5, acked: null, rememberedForMs: DEFAULT_DEVICE_MEMORY.idleMs });
  });

  it("remembers, from a store an earlier version kept (which did not note what it forgot), back to its oldest device", async () => {
    // What that version left: two devices, the oldest seen five days ago. Whatever it forgot
    // before, it forgot the oldest first, so nothing seen since that device.
    const oldest = now - 5 * 24 * 60 * 60 * 1000;
    const kept = [newDevice(), newDevice()];
    if (opened.backends.kind === "redis") {
      const redis = opened.backends.redis();
      for (const [k, device] of kept.entries()) {
        await redis.hSet("{pointless}:devices:acked", device, "3");
        await redis.zAdd("{pointless}:devices:seen", { score: oldest + k * 1000, value: device });
      }
    } else {
      const db = opened.backends.sqlite();
      db.exec("CREATE TABLE devices (id TEXT PRIMARY KEY, acked INTEGER NOT NULL, seen INTEGER NOT NULL)");
      for (const [k, device] of kept.entries()) {
        db.prepare("INSERT INTO devices (id, acked, seen) VALUES (?, 3, ?)").run(device, oldest + k * 1000);
      }
    }
    const store = opened.store();
    expect(await store.record(newDevice(), now)).toEqual({ acked: null, rememberedForMs: now - oldest });
    // The first write keeps that bound, although it adds a device seen now.
    now += 1000;
    await store.count({ device: newDevice(), from: 0, to: 1 }, now);
    expect(await store.record(kept[0] as string, now)).toEqual({ acked: 3, rememberedForMs: now - oldest });
  });

  it("refuses to be asked about something that is not a device id", async () => {
    for (const query of ["device=short", "device=has%20spaces%20and%20%3Cscript%3E", "device=", "device=a&device=b"]) {
      const response = await api.app.request(`/api/clicks?${query}`);
      expect(response.status, query).toBe(400);
      expect(((await response.json()) as { error: string }).error).toMatch(/device/);
    }
    const both = await api.app.request(`/api/clicks?device=${newDevice()}&batch=legacy-batch-0001`);
    expect(both.status).toBe(400);
  });

  it("counts at most what a person can click between two sends, and the rest on the next ones", async () => {
    const device = newDevice();
    const first = await post({ device, from: 0, to: 10_000 });
    expect(await first.json()).toEqual({ total: MAX_CLICKS_PER_SEND, counted: MAX_CLICKS_PER_SEND, acked: 50 });
    const second = await post({ device, from: 50, to: 10_000 });
    expect(await second.json()).toEqual({ total: 100, counted: 50, acked: 100 });
  });

  it("still counts a page of the first version once: a batch is a device that sends once", async () => {
    const first = await post({ batch: "legacy-batch-0001", clicks: 3 });
    expect(await first.json()).toEqual({ total: 3, counted: 3, clipped: false });
    const replay = await post({ batch: "legacy-batch-0001", clicks: 3 });
    expect(replay.status).toBe(409);
    expect(await replay.json()).toEqual({ error: "This batch was already counted.", total: 3 });
    const asked = await api.app.request("/api/clicks?batch=legacy-batch-0001");
    expect(asked.headers.get("cache-control")).toBe("no-store");
    expect(await asked.json()).toEqual({ total: 3, counted: true });
    expect(await (await api.app.request("/api/clicks?batch=legacy-batch-0002")).json()).toEqual({
      total: 3,
      counted: false,
    });
    expect((await api.app.request("/api/clicks?batch=not%20an%20id!")).status).toBe(400);
    expect(await (await post({ batch: "legacy-batch-0003", clicks: 80 })).json()).toEqual({
      total: 53,
      counted: 50,
      clipped: true,
    });
  });

  it("answers every malformed request with a 4xx and a JSON error, and the total never moves", async () => {
    const device = newDevice();
    await post({ device, from: 0, to: 3 });
    const refusals: [Response, number][] = [
      [await post("this is not json"), 400],
      [await post(""), 400],
      [await post("null"), 400],
      [await post("[1, 2, 3]"), 400],
      [await post({ device, from: 3, to: 3 }), 400],
      [await post({ device, from: 5, to: 4 }), 400],
      [await post({ device, from: -5, to: 4 }), 400],
      [await post({ device, from: 3, to: 4.5 }), 400],
      [await post({ device, from: "3", to: 4 }), 400],
      [await post({ device, from: 3, to: 1e300 }), 400],
      [await post({ device, to: 4 }), 400],
      [await post({ from: 3, to: 4 }), 400],
      [await post({ device: "short", from: 3, to: 4 }), 400],
      [await post({ device: "has spaces and <script>!", from: 3, to: 4 }), 400],
      [await post({ device, from: 3, to: 4, total: -1_000_000 }), 400],
      [await post({ batch: "legacy-batch-0001", clicks: -3 }), 400],
      [await post({ device, from: 3, to: 4 }, { "Content-Type": "text/plain" }), 415],
      [await post({ device, from: 3, to: 4, padding: "y".repeat(MAX_BODY_BYTES) }), 413],
      [await api.app.request("/api/clicks", { method: "DELETE" }), 405],
      [await api.app.request("/api/clicks", { method: "PUT", body: "{}" }), 405],
      [await api.app.request("/api/anything-else"), 404],
    ];
    for (const [response, status] of refusals) {
      expect(response.status).toBe(status);
      expect(response.headers.get("content-type")).toMatch(/application\/json/);
      const body = (await response.json()) as { error?: unknown };
      expect(typeof body.error).toBe("string");
    }
    expect(await total()).toBe(3);
  });

  it("adds up concurrent sends exactly, repeats and all", async () => {
    const devices = Array.from({ length: 20 }, newDevice);
    const sends = devices.flatMap((device, i) =>
      // Each device's sends arrive in any order, some twice.
      [3, 1, 3, 2, 5].map((to) => ({ device, from: 0, to: to + (i % 3) })),
    );
    const responses = await Promise.all(sends.map((send) => post(send)));
    expect(responses.every((r) => r.status === 200)).toBe(true);
    const expected = devices.reduce((sum, _, i) => sum + 5 + (i % 3), 0);
    expect(await total()).toBe(expected);
  });

  it("lets a CDN keep the total for two seconds, and never the answer to a send", async () => {
    const get = await api.app.request("/api/clicks");
    expect(get.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=2");
    expect(get.headers.get("set-cookie")).toBeNull();
    const posted = await post({ device: newDevice(), from: 0, to: 1 });
    expect(posted.headers.get("cache-control")).toBe("no-store");
    expect(posted.headers.get("set-cookie")).toBeNull();
  });

  it("remembers a bounded number of devices, forgetting the longest idle first", async () => {
    const small = counterApi({
      backends: opened.backends,
      clicks: opened.store({ idleMs: DEFAULT_DEVICE_MEMORY.idleMs, maxDevices: 10 }),
      log: quiet,
      limits: GENEROUS,
      now: () => now,
    });
    const devices = Array.from({ length: 60 }, newDevice);
    const seenAt: number[] = [];
    for (const device of devices) {
      now += 1000;
      seenAt.push(now);
      await post({ device, from: 0, to: 1 }, {}, small.app);
    }
    expect(await total(small.app)).toBe(60);
    // Each write forgets a few of the oldest: the memory stays near the cap, not at 60.
    const remembered = await Promise.all(devices.map((device) => opened.store().acked(device)));
    const kept = remembered.filter((acked) => acked !== null).length;
    expect(kept).toBeLessThanOrEqual(10);
    expect(remembered.at(-1)).toBe(1);
    expect(remembered[0]).toBeNull();
    // The server says how far back it still remembers every device: to the last one it forgot,
    // seconds ago, not the thirty days of idle time.
    now += 500;
    const lastForgotten = remembered.lastIndexOf(null);
    expect(await record(newDevice(), small.app)).toEqual({
      total: 60,
      acked: null,
      rememberedForMs: now - (seenAt[lastForgotten] as number),
    });
    small.stop();
  });

  it("forgets a device idle for longer than the memory lasts, a few on each write", async () => {
    const idle = newDevice();
    await post({ device: idle, from: 0, to: 4 });
    expect(await opened.store().acked(idle)).toBe(4);
    now += DEFAULT_DEVICE_MEMORY.idleMs + 1;
    await post({ device: newDevice(), from: 0, to: 1 });
    expect(await opened.store().acked(idle)).toBeNull();
    expect(await total()).toBe(5);
    // Forgotten for being idle: the server still remembers every device of the last thirty days.
    expect(await record(idle)).toEqual({ total: 5, acked: null, rememberedForMs: DEFAULT_DEVICE_MEMORY.idleMs });
  });
});

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
