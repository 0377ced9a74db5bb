import { DEFAULT_SHEET_SIZE, POPS_PER_SECOND } from "../contracts/bubbles.ts";
import { DEFAULT_LIMITS } from "./api.ts";
import { DEFAULT_DEVICE_MEMORY } from "./clicks/store.ts";
import { limitFrom } from "./rate-limit.ts";

type Env = Record<string, string | undefined>;

const whole = (value: string | undefined, fallback: number) =>
  value !== undefined && /^\d+$/.test(value) ? Number(value) : fallback;

/**
 * Everything the server reads from its environment, in one place (the README's Deploy section
 * lists them):
 * PORT (3000), HOST (every interface), SITE_DIR (build/client), REDIS_URL (else SQLite in
 * COUNTER_DATA_DIR, default data/), TRUST_PROXY (how many proxies in front append to
 * X-Forwarded-For: 1 behind one load balancer; 0 or unset on the open internet), COUNTER_READ_LIMIT
 * and COUNTER_WRITE_LIMIT ("burst/perMinute"), COUNTER_MAX_DEVICES (200000), STORE_DEADLINE_MS
 * (1500), SHUTDOWN_GRACE_MS (8000: how long a stop waits for requests in flight), LOG_LEVEL (info);
 * for the live channel and the shared bubble sheet, BUBBLES_SHEET_SIZE (10000), BUBBLES_POP_LIMIT
 * ("burst/perMinute" per client address, 30/900: fifteen a second), LIVE_MAX_CONNECTIONS (5000) and
 * LIVE_MAX_PER_ADDRESS (16).
 */
export function readConfig(env: Env = process.env) {
  return {
    port: whole(env.PORT, 3000),
    host: env.HOST || undefined,
    siteDir: env.SITE_DIR || "build/client",
    redisUrl: env.REDIS_URL || undefined,
    dataDir: env.COUNTER_DATA_DIR || "data",
    trustedHops: env.TRUST_PROXY === "true" ? 1 : whole(env.TRUST_PROXY, 0),
    limits: {
      read: limitFrom(env.COUNTER_READ_LIMIT, DEFAULT_LIMITS.read),
      write: limitFrom(env.COUNTER_WRITE_LIMIT, DEFAULT_LIMITS.write),
    },
    deviceMemory: {
      ...DEFAULT_DEVICE_MEMORY,
      maxDevices: whole(env.COUNTER_MAX_DEVICES, DEFAULT_DEVICE_MEMORY.maxDevices),
    },
    deadlineMs: whole(env.STORE_DEADLINE_MS, 1500),
    graceMs: whole(env.SHUTDOWN_GRACE_MS, 8000),
    logLevel: env.LOG_LEVEL,
    sheetSize: Math.max(1, whole(env.BUBBLES_SHEET_SIZE, DEFAULT_SHEET_SIZE)),
    popLimit: limitFrom(env.BUBBLES_POP_LIMIT, { burst: 2 * POPS_PER_SECOND, perMinute: 60 * POPS_PER_SECOND }),
    liveMaxConnections: whole(env.LIVE_MAX_CONNECTIONS, 5000),
    liveMaxPerAddress: whole(env.LIVE_MAX_PER_ADDRESS, 16),
    liveMaxPerBlock: whole(env.LIVE_MAX_PER_BLOCK, 64),
    upgradeLimit: limitFrom(env.LIVE_UPGRADE_LIMIT, { burst: 20, perMinute: 120 }),
    metricsPort: env.METRICS_PORT ? whole(env.METRICS_PORT, 0) : undefined,
    metricsHost: env.METRICS_HOST || "127.0.0.1",
  };
}

export type Config = ReturnType<typeof readConfig>;
