import { afterEach, beforeEach, expect } from "vitest";
import { type ApiOptions, createApi } from "../http/api.ts";
import type { Backends } from "../ops/backends.ts";
import { createLogger } from "../ops/log.ts";
import { testBackends } from "../test/stores.ts";
import { redisClickStore } from "./redis.ts";
import { clickRoutes } from "./routes.ts";
import { sqliteClickStore } from "./sqlite.ts";
import { type ClickStore, DEFAULT_DEVICE_MEMORY, type DeviceMemory } from "./store.ts";

/** The API with the counter's routes on `clicks`, as the server mounts them (server/clicks/toy.ts). */
export const counterApi = ({
  clicks,
  now,
  ...options
}: Omit<ApiOptions, "routes"> & { clicks: ClickStore; now?: () => number }) =>
  createApi({
    ...options,
    routes: [clickRoutes({ store: clicks, guard: options.backends.guard, now, log: options.log })],
  });

type CounterApp = ReturnType<typeof counterApi>["app"];

export const GENEROUS = { read: { burst: 10_000, perMinute: 100_000 }, write: { burst: 10_000, perMinute: 100_000 } };
export const quiet = createLogger("error", () => {});

export interface Opened {
  backends: Backends;
  store: (memory?: DeviceMemory) => ClickStore;
  cleanUp: () => Promise<void>;
}

/** Each store, empty before every test. */
export const stores = testBackends.map(
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
export const newDevice = () => `test-device-${++deviceNumber}-${Math.random().toString(36).slice(2)}`;

/**
 * The counter's API on a store opened empty before each test of the calling `describe` (and
 * closed after it), with the test's clock (`now`, moved by the test), and the requests a page
 * makes of it.
 */
export function counterOnEachTest(open: () => Promise<Opened>) {
  const at = { now: 1_800_000_000_000 } as { opened: Opened; api: ReturnType<typeof counterApi>; now: number };
  beforeEach(async () => {
    at.opened = await open();
    at.api = counterApi({
      backends: at.opened.backends,
      clicks: at.opened.store(),
      log: quiet,
      limits: GENEROUS,
      now: () => at.now,
    });
  });
  afterEach(async () => {
    at.api.stop();
    await at.opened.cleanUp();
  });

  const post = (body: unknown, headers: Record<string, string> = {}, app: CounterApp = at.api.app) =>
    app.request("/api/clicks", {
      method: "POST",
      headers: { "Content-Type": "application/json", ...headers },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
  const total = async (app: CounterApp = at.api.app) =>
    ((await (await app.request("/api/clicks")).json()) as { total: number }).total;
  const record = async (device: string, app: CounterApp = at.api.app) => {
    const response = await app.request(`/api/clicks?device=${encodeURIComponent(device)}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    return response.json();
  };
  return { at, post, total, record };
}
