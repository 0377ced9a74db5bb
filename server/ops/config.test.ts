import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { makeSiteFixture } from "../test/site-fixture.ts";
import { readConfig } from "./config.ts";

/** The message readConfig stops with, or null when it takes the environment. */
function refusal(env: Record<string, string>): string | null {
  try {
    readConfig(env);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

describe("readConfig", () => {
  it("takes each default when nothing is set, or a setting is empty", () => {
    for (const env of [{}, { PORT: "", TRUST_PROXY: "", LOG_LEVEL: "", REDIS_URL: "" }]) {
      const config = readConfig(env);
      expect(config.port).toBe(3000);
      expect(config.host).toBeUndefined();
      expect(config.siteDir).toBe("build/client");
      expect(config.redisUrl).toBeUndefined();
      expect(config.dataDir).toBe("data");
      expect(config.trust).toBe(0);
      expect(config.limits).toEqual({ read: { burst: 30, perMinute: 120 }, write: { burst: 30, perMinute: 90 } });
      expect(config.deviceMemory.maxDevices).toBe(200_000);
      expect(config.deadlineMs).toBe(1500);
      expect(config.graceMs).toBe(8000);
      expect(config.logLevel).toBe("info");
      expect(config.sheetSize).toBe(10_000);
      expect(config.popLimit).toEqual({ burst: 30, perMinute: 900 });
      expect(config.liveMaxConnections).toBe(10_000);
      // Sized for a school or a carrier's NAT; each visitor is held to its own.
      expect(config.liveMaxPerAddress).toBe(1000);
      expect(config.liveMaxPerBlock).toBe(2000);
      expect(config.liveMaxPerVisitor).toBe(16);
      expect(config.upgradeLimit).toEqual({ burst: 600, perMinute: 1200 });
      expect(config.visitorsPerAddress).toBe(32);
      expect(config.visitorSecret).toBeUndefined();
      expect(config.visitorMintLimit).toEqual({ burst: 120, perMinute: 120 });
      expect(config.clapMaxPages).toBe(200_000);
      expect(config.metricsPort).toBeUndefined();
      expect(config.metricsHost).toBe("127.0.0.1");
      expect(config.heartbeatMs).toBe(10_000);
    }
  });

  it("reads every setting that is well formed", () => {
    const config = readConfig({
      PORT: "0",
      HOST: "::1",
      SITE_DIR: "/srv/site",
      REDIS_URL: "redis://cache:6379/0",
      COUNTER_DATA_DIR: "/var/lib/toys",
      COUNTER_READ_LIMIT: "600/6000",
      COUNTER_WRITE_LIMIT: "1/1",
      COUNTER_MAX_DEVICES: "5",
      STORE_DEADLINE_MS: "250",
      SHUTDOWN_GRACE_MS: "0",
      LOG_LEVEL: "debug",
      BUBBLES_SHEET_SIZE: "100",
      BUBBLES_POP_LIMIT: "40/20",
      CLAPS_LIMIT: "30/60",
      WALL_COOLDOWN_S: "10",
      LIVE_MAX_CONNECTIONS: "0",
      LIVE_MAX_PER_ADDRESS: "3",
      LIVE_MAX_PER_BLOCK: "7",
      LIVE_UPGRADE_LIMIT: "5/10",
      LIVE_MAX_PER_VISITOR: "2",
      LIVE_VISITORS_PER_ADDRESS: "4",
      VISITOR_SECRET: "q7Zp2N+xK9vLr4TfWc8Hj1Ym6DbGs3Ue0AoVi5Ek",
      VISITOR_MINT_LIMIT: "9/90",
      METRICS_PORT: "9464",
      METRICS_HOST: "0.0.0.0",
    });
    expect(config).toMatchObject({
      port: 0,
      host: "::1",
      siteDir: "/srv/site",
      redisUrl: "redis://cache:6379/0",
      dataDir: "/var/lib/toys",
      limits: { read: { burst: 600, perMinute: 6000 }, write: { burst: 1, perMinute: 1 } },
      deviceMemory: { maxDevices: 5 },
      deadlineMs: 250,
      graceMs: 0,
      logLevel: "debug",
      sheetSize: 100,
      popLimit: { burst: 40, perMinute: 20 },
      clapLimit: { burst: 30, perMinute: 60 },
      wallCooldownS: 10,
      liveMaxConnections: 0,
      liveMaxPerAddress: 3,
      liveMaxPerBlock: 7,
      upgradeLimit: { burst: 5, perMinute: 10 },
      liveMaxPerVisitor: 2,
      visitorsPerAddress: 4,
      visitorSecret: "q7Zp2N+xK9vLr4TfWc8Hj1Ym6DbGs3Ue0AoVi5Ek",
      visitorMintLimit: { burst: 9, perMinute: 90 },
      metricsPort: 9464,
      metricsHost: "0.0.0.0",
    });
    expect(readConfig({ PORT: "65535" }).port).toBe(65535);
    expect(readConfig({ TRUST_PROXY: "2" }).trust).toBe(2);
    expect(readConfig({ TRUST_PROXY: "true" }).trust).toBe(1);
    const lan = readConfig({ TRUST_PROXY: "10.0.0.0/8, 127.0.0.1" }).trust;
    expect(typeof lan === "function" && lan("10.1.2.3", 0) && !lan("11.0.0.1", 0)).toBe(true);
    expect(typeof readConfig({ TRUST_PROXY: "loopback,uniquelocal" }).trust).toBe("function");
    expect(readConfig({ REDIS_URL: "rediss://user:secret@cache.example:6380" }).redisUrl).toBe(
      "rediss://user:secret@cache.example:6380",
    );
  });

  it("reads a primary with replicas through Sentinel, waiting for one replica by default", () => {
    expect(readConfig({})).toMatchObject({ redisSentinels: undefined, redisWaitReplicas: 0 });
    expect(readConfig({ REDIS_URL: "redis://cache:6379" }).redisWaitReplicas).toBe(0);
    const config = readConfig({ REDIS_SENTINELS: "10.0.0.2:26379,sentinel-b.internal:26380", REDIS_PASSWORD: "pw" });
    expect(config).toMatchObject({
      redisUrl: undefined,
      redisSentinels: [
        { host: "10.0.0.2", port: 26379 },
        { host: "sentinel-b.internal", port: 26380 },
      ],
      redisSentinelName: "pointless",
      redisPassword: "pw",
      redisWaitReplicas: 1,
    });
    expect(readConfig({ REDIS_SENTINELS: "a:1", REDIS_SENTINEL_NAME: "toys", REDIS_WAIT_REPLICAS: "0" })).toMatchObject(
      {
        redisSentinelName: "toys",
        redisWaitReplicas: 0,
      },
    );
    expect(refusal({ REDIS_SENTINELS: "a:1", REDIS_URL: "redis://b:6379" })).toMatch(/both set/);
    expect(refusal({ REDIS_SENTINELS: "10.0.0.2" })).toMatch(/^REDIS_SENTINELS must be the Sentinels as "host:port"/);
    expect(refusal({ REDIS_SENTINELS: "a:70000" })).toMatch(/REDIS_SENTINELS must be/);
    expect(refusal({ REDIS_WAIT_REPLICAS: "-1" })).toMatch(/REDIS_WAIT_REPLICAS must be/);
    expect(refusal({ REDIS_SENTINEL_NAME: "a b" })).toMatch(/REDIS_SENTINEL_NAME must be/);
    expect(refusal({ REDIS_PASSWORD: "x".repeat(600) })).not.toContain("xxxx");
  });

  it("stops at a malformed setting, naming it, its value and what it should be", () => {
    expect(refusal({ PORT: "abc" })).toBe('PORT must be a whole number from 0 to 65535, got "abc"');
    for (const port of ["-1", "65536", "3000.5", " 3000", "3e3", "0x10", "+80", "99999999999999999999"]) {
      expect(refusal({ PORT: port }), port).toBe(
        `PORT must be a whole number from 0 to 65535, got ${JSON.stringify(port)}`,
      );
    }
    const bad: Record<string, string> = {
      HOST: "two words",
      TRUST_PROXY: "10.0.0.0/33",
      REDIS_URL: "localhost:6379",
      COUNTER_READ_LIMIT: "lots",
      COUNTER_WRITE_LIMIT: "0/10",
      COUNTER_MAX_DEVICES: "0",
      STORE_DEADLINE_MS: "3000000000",
      SHUTDOWN_GRACE_MS: "soon",
      LOG_LEVEL: "loud",
      BUBBLES_SHEET_SIZE: "0",
      BUBBLES_POP_LIMIT: "15",
      CLAPS_LIMIT: "fast",
      WALL_COOLDOWN_S: "0",
      LIVE_MAX_CONNECTIONS: "-5",
      LIVE_MAX_PER_ADDRESS: "1.5",
      LIVE_MAX_PER_BLOCK: "many",
      LIVE_UPGRADE_LIMIT: "0/0",
      LIVE_MAX_PER_VISITOR: "0",
      LIVE_VISITORS_PER_ADDRESS: "none",
      VISITOR_MINT_LIMIT: "1/0",
      METRICS_PORT: "70000",
      METRICS_HOST: "not a host",
      LIVE_HEARTBEAT_MS: "30000",
    };
    for (const [name, value] of Object.entries(bad)) {
      expect(refusal({ [name]: value }), name).toMatch(
        new RegExp(`^${name} must be .+, got ${JSON.stringify(value)}$`),
      );
    }
    expect(refusal({ BUBBLES_SHEET_SIZE: "99999999999" })).toBe(
      'BUBBLES_SHEET_SIZE must be a whole number from 1 to 1000000, got "99999999999"',
    );
    // A burst below the most pops a page sends at once would refuse that message for ever.
    expect(refusal({ BUBBLES_POP_LIMIT: "29/900" })).toMatch(/^BUBBLES_POP_LIMIT must be .*the burst at least 30/);
    expect(refusal({ CLAPS_LIMIT: "29/1800" })).toMatch(/^CLAPS_LIMIT must be .*the burst at least 30/);
    expect(readConfig({}).clapLimit).toEqual({ burst: 60, perMinute: 1800 });
    expect(refusal({ LOG_LEVEL: "loud" })).toBe('LOG_LEVEL must be one of debug, info, warn, error, got "loud"');
    for (const trust of ["yes", "loopback,", "10.0.0.1/x", "1.5"]) {
      expect(refusal({ TRUST_PROXY: trust })).toBe(
        `TRUST_PROXY must be the addresses or subnets of the proxies in front, comma-separated (e.g. "10.0.0.0/8,127.0.0.1" or "loopback"), or how many proxies are in front (0, 1, 2...), got ${JSON.stringify(trust)}`,
      );
    }
  });

  it("names every malformed setting at once, and never shows a Redis password", () => {
    const message = refusal({ PORT: "abc", LOG_LEVEL: "loud", REDIS_URL: "http://user:hunter2@cache:6379" });
    expect(message).toContain('PORT must be a whole number from 0 to 65535, got "abc"');
    expect(message).toContain("LOG_LEVEL must be");
    expect(message).toContain('REDIS_URL must be a redis:// or rediss:// URL, got "http://***@cache:6379"');
    expect(message).not.toContain("hunter2");
    // A secret too short to sign with is refused without being shown.
    const secret = refusal({ VISITOR_SECRET: "hunter2hunter2" });
    expect(secret).toMatch(/^VISITOR_SECRET must be a random secret of 32 to 1024 characters.*, got 14 characters$/);
    expect(secret).not.toContain("hunter2");
  });

  it("refuses a secret copied from an example or not random enough, saying how to make one (issue 56)", () => {
    for (const copied of [
      "change-me-to-the-output-of-openssl-rand-base64-48",
      "s".repeat(40),
      "abababababababababababababababababababab",
      "my-very-own-secret-that-nobody-will-ever-guess",
      "0123456789012345678901234567890123456789",
    ]) {
      const message = refusal({ VISITOR_SECRET: copied });
      expect(message, copied).toContain("VISITOR_SECRET must be a random secret");
      expect(message).toContain("make one with `openssl rand -base64 48`");
      expect(message).not.toContain(copied);
    }
  });

  it("takes every secret a random source makes: openssl's base64 and hex, and 24 bytes in base64url", () => {
    // The same random-looking bytes in every run (a hash of the count): drawn afresh, a run in about
    // 800 made one holding a placeholder's word by chance ("passw" in any case, one position in 3e7),
    // which is refused, as it should be.
    const bytes = (k: number, length: number) =>
      createHash("shake256", { outputLength: length }).update(`secret ${k}`).digest();
    for (let k = 0; k < 300; k++) {
      for (const secret of [
        bytes(k, 48).toString("base64"),
        bytes(k, 32).toString("hex"),
        bytes(k, 24).toString("base64url"),
        bytes(k, 32).toString("base64url"),
      ]) {
        expect(readConfig({ VISITOR_SECRET: secret }).visitorSecret).toBe(secret);
      }
    }
  });
});

describe("the server with a malformed setting", () => {
  it("stops at start with exit code 1 and says why, before it listens", () => {
    const site = makeSiteFixture();
    try {
      const run = spawnSync(process.execPath, ["server/main.ts"], {
        env: { ...process.env, SITE_DIR: site.client, COUNTER_DATA_DIR: site.dataDir, PORT: "abc", LOG_LEVEL: "loud" },
        encoding: "utf8",
        timeout: 15_000,
      });
      expect(run.status).toBe(1);
      const lines = run.stdout
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line) as { level: string; msg: string; error?: string });
      expect(lines).toContainEqual(
        expect.objectContaining({
          level: "error",
          msg: "cannot start",
          error: 'PORT must be a whole number from 0 to 65535, got "abc"',
        }),
      );
      expect(lines.map((line) => line.error)).toContain(
        'LOG_LEVEL must be one of debug, info, warn, error, got "loud"',
      );
      expect(run.stdout).not.toContain("wasting time on");
    } finally {
      site.remove();
    }
  });
});
