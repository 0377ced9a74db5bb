import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "redis";
import { afterEach, beforeEach, describe, expect, inject, it } from "vitest";
import { createApi, MAX_BODY_BYTES, MAX_CLICKS_PER_BATCH } from "./app.ts";
import { openRedisStore } from "./redis-store.ts";
import { openSqliteStore } from "./sqlite-store.ts";
import type { ClickStore } from "./store.ts";

const GENEROUS = { read: { burst: 10_000, perMinute: 100_000 }, write: { burst: 10_000, perMinute: 100_000 } };

/** Each store, empty before every test: SQLite in a new folder, the test Redis flushed. */
const stores: [string, () => Promise<{ store: ClickStore; cleanUp: () => Promise<void> }>][] = [
  [
    "SQLite",
    async () => {
      const dir = mkdtempSync(join(tmpdir(), "counter-test-"));
      const store = openSqliteStore(join(dir, "data"));
      return {
        store,
        cleanUp: async () => {
          await store.close();
          rmSync(dir, { recursive: true, force: true });
        },
      };
    },
  ],
  [
    "Redis",
    async () => {
      const url = inject("redisUrl");
      const admin = createClient({ url });
      await admin.connect();
      await admin.flushDb();
      await admin.close();
      const store = await openRedisStore(url);
      return { store, cleanUp: () => store.close() };
    },
  ],
];

let batchNumber = 0;
const newBatch = () => `test-batch-${++batchNumber}-${Math.random().toString(36).slice(2)}`;

describe.each(stores)("the counter API on %s", (_, open) => {
  let store: ClickStore;
  let cleanUp: () => Promise<void>;
  let api: ReturnType<typeof createApi>;

  beforeEach(async () => {
    ({ store, cleanUp } = await open());
    api = createApi({ store, limits: GENEROUS });
  });
  afterEach(async () => {
    api.stop();
    await cleanUp();
  });

  const post = (body: unknown, headers: Record<string, string> = {}) =>
    api.app.request("/api/clicks", {
      method: "POST",
      headers: { "Content-Type": "application/json", ...headers },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
  const total = async () => ((await (await api.app.request("/api/clicks")).json()) as { total: number }).total;

  it("starts at 0, counts a batch, and says the new total", async () => {
    expect(await total()).toBe(0);
    const response = await post({ batch: newBatch(), clicks: 7 });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ total: 7, counted: 7, clipped: false });
    expect(await total()).toBe(7);
  });

  it("refuses a batch it has counted before with 409, and counts it once", async () => {
    const batch = newBatch();
    expect((await post({ batch, clicks: 5 })).status).toBe(200);
    const replay = await post({ batch, clicks: 5 });
    expect(replay.status).toBe(409);
    expect(await replay.json()).toEqual({ error: "This batch was already counted.", total: 5 });
    // Even a replay with another count changes nothing.
    expect((await post({ batch, clicks: 9 })).status).toBe(409);
    expect(await total()).toBe(5);
  });

  it("says whether a batch was counted, so a page can ask before sending one again", async () => {
    const batch = newBatch();
    const ask = async (id: string) => api.app.request(`/api/clicks?batch=${encodeURIComponent(id)}`);
    expect(await (await ask(batch)).json()).toEqual({ total: 0, counted: false });
    await post({ batch, clicks: 2 });
    const answer = await ask(batch);
    expect(answer.headers.get("cache-control")).toBe("no-store");
    expect(await answer.json()).toEqual({ total: 2, counted: true });
    const bad = await ask("not a batch id!");
    expect(bad.status).toBe(400);
    expect(typeof ((await bad.json()) as { error: unknown }).error).toBe("string");
  });

  it("clips a batch larger than a person can click in two seconds", async () => {
    const response = await post({ batch: newBatch(), clicks: 10_000 });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      total: MAX_CLICKS_PER_BATCH,
      counted: MAX_CLICKS_PER_BATCH,
      clipped: true,
    });
  });

  it("answers every malformed request with a 4xx and a JSON error, and the total never moves", async () => {
    await post({ batch: newBatch(), clicks: 3 });
    const refusals: [Response, number][] = [
      [await post("this is not json"), 400],
      [await post(""), 400],
      [await post("null"), 400],
      [await post("[1, 2, 3]"), 400],
      [await post({ batch: newBatch(), clicks: -5 }), 400],
      [await post({ batch: newBatch(), clicks: 0 }), 400],
      [await post({ batch: newBatch(), clicks: 1.5 }), 400],
      [await post({ batch: newBatch(), clicks: "3" }), 400],
      [await post({ batch: newBatch(), clicks: 1e300 }), 400],
      [await post({ batch: newBatch() }), 400],
      [await post({ clicks: 3 }), 400],
      [await post({ batch: "short", clicks: 3 }), 400],
      [await post({ batch: "has spaces and <script>", clicks: 3 }), 400],
      [await post({ batch: newBatch(), clicks: 3, total: -1_000_000 }), 400],
      [await post({ batch: newBatch(), clicks: 3 }, { "Content-Type": "text/plain" }), 415],
      [await post({ batch: "x".repeat(64), clicks: 3, padding: "y".repeat(MAX_BODY_BYTES) }), 413],
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

  it("adds up concurrent batches exactly", async () => {
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, i) => post({ batch: newBatch(), clicks: (i % 7) + 1 })),
    );
    expect(responses.every((r) => r.status === 200)).toBe(true);
    const sum = Array.from({ length: 200 }, (_, i) => (i % 7) + 1).reduce((a, b) => a + b, 0);
    expect(await total()).toBe(sum);
  });

  it("lets a CDN keep the total for two seconds, and never the answer to a batch", async () => {
    const get = await api.app.request("/api/clicks");
    expect(get.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=2");
    expect(get.headers.get("set-cookie")).toBeNull();
    const posted = await post({ batch: newBatch(), clicks: 1 });
    expect(posted.headers.get("cache-control")).toBe("no-store");
    expect(posted.headers.get("set-cookie")).toBeNull();
  });
});

describe("the counter API's limits", () => {
  let dir: string;
  let store: ClickStore;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "counter-test-"));
    store = openSqliteStore(dir);
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("limits each client address, with a Retry-After, and other addresses go on", async () => {
    const { app, stop } = createApi({
      store,
      trustProxy: true,
      limits: { read: { burst: 2, perMinute: 60 }, write: { burst: 2, perMinute: 60 } },
    });
    const from = (address: string) => ({ headers: { "X-Forwarded-For": address } });
    expect((await app.request("/api/clicks", from("10.0.0.1"))).status).toBe(200);
    expect((await app.request("/api/clicks", from("10.0.0.1"))).status).toBe(200);
    const limited = await app.request("/api/clicks", from("10.0.0.1"));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await limited.json()) as { error: string }).error).toMatch(/Too many requests/);
    expect((await app.request("/api/clicks", from("10.0.0.2"))).status).toBe(200);
    stop();
  });

  it("answers 503 with a JSON error when the store fails, and stays up", async () => {
    const broken: ClickStore = {
      total: () => Promise.reject(new Error("disk on fire")),
      add: () => Promise.reject(new Error("disk on fire")),
      has: () => Promise.reject(new Error("disk on fire")),
      close: async () => {},
    };
    const { app, stop } = createApi({ store: broken });
    const response = await app.request("/api/clicks");
    expect(response.status).toBe(503);
    expect(((await response.json()) as { error: string }).error).toMatch(/unavailable/);
    const { app: working, stop: stopWorking } = createApi({ store });
    expect((await working.request("/api/clicks")).status).toBe(200);
    stop();
    stopWorking();
  });

  it("keeps the total and the batches it has seen when SQLite is opened again", async () => {
    await store.add("batch-kept-1", 4);
    await store.close();
    store = openSqliteStore(dir);
    expect(await store.total()).toBe(4);
    expect(await store.add("batch-kept-1", 4)).toEqual({ total: 4, added: false });
  });
});
