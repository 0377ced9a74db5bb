import type { ChildProcess } from "node:child_process";
import { createClient } from "redis";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { startRedis, startSiteProcess, stopProcess } from "../../scripts/lib/local-servers.ts";
import { type SentinelGroup, startSentinelGroup } from "../../scripts/lib/redis-sentinel.ts";
import { redisReadyWarning } from "../test/readyz.ts";
import { makeSiteFixture } from "../test/site-fixture.ts";
import { createLogger } from "./log.ts";
import { replicaWatch, sendWrite } from "./replica-wait.ts";
import { sentinelAsker } from "./sentinel-asker.ts";
import { StoreUnavailable } from "./store-guard.ts";

/**
 * Issue 57, a rolling restart with the primary killed: the old primary, started again as its own
 * configuration says, is a primary with no replica until the Sentinels make it one, and then drops
 * what it took meanwhile. A link that still wrote there (node-redis's Sentinel client follows the
 * Sentinels every two seconds) acknowledged 34 pops alone, all lost (e2e/fleet-redis-failover,
 * one run in five beside other work). A write acknowledged by a primary alone is now acknowledged
 * only if the Sentinels name that primary after it (docs/decisions/0006).
 */
const quiet = createLogger("error", () => {});

/** A client that answers ROLE as a primary with no replica, and records every write. */
function primaryAlone() {
  const written: string[][] = [];
  return {
    written,
    client: {
      async sendCommand(args: string[]) {
        if (args[0] === "ROLE") return ["master", 0, []];
        written.push(args);
        return "OK";
      },
    },
  };
}

describe("a write while the primary has no replica (docs/decisions/0010)", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date", "setTimeout", "clearTimeout", "setInterval", "clearInterval"] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A primary whose replicas (ROLE's third element) the test sets; its writes and WAITs recorded. */
  function primaryWithReplicas() {
    const written: string[][] = [];
    const waited: string[][] = [];
    const state = { replicas: [] as string[][] };
    const client = {
      async sendCommand(args: string[]) {
        if (args[0] === "ROLE") return ["master", 0, state.replicas];
        written.push(args);
        return "OK";
      },
    };
    const watch = replicaWatch(
      client,
      async (args) => {
        waited.push(args);
        return ["OK", String(state.replicas.length)];
      },
      { waitReplicas: 1, aloneAfterMs: 60_000, deadlineMs: 1500, log: quiet },
    );
    return { client, written, waited, state, watch };
  }
  const REPLICA = ["127.0.0.1", "7002", "0"];

  it("is refused (the page sends it again) until the primary has had none for REDIS_ALONE_AFTER_S, then acknowledged alone", async () => {
    const { client, written, watch } = primaryWithReplicas();
    await expect(sendWrite(client, ["EVALSHA", "pop"])).rejects.toThrow(/no replica for 0 s/);
    await vi.advanceTimersByTimeAsync(59_000);
    await expect(sendWrite(client, ["EVALSHA", "pop"])).rejects.toThrow(/no replica for 59 s/);
    // Refused before it is sent: nothing reached the primary.
    expect(written).toEqual([]);
    await vi.advanceTimersByTimeAsync(1000);
    await expect(sendWrite(client, ["EVALSHA", "pop"])).resolves.toBe("OK");
    expect(written).toEqual([["EVALSHA", "pop"]]);
    watch.stop();
  });

  it("waits for a replica again once the one that came back is gone, and after a promotion or a reconnect", async () => {
    const { client, written, waited, state, watch } = primaryWithReplicas();
    await vi.advanceTimersByTimeAsync(61_000);
    await expect(sendWrite(client, ["EVALSHA", "a"])).resolves.toBe("OK");
    // A replica back: each write waits for it (WAIT), none alone.
    state.replicas = [REPLICA];
    await vi.advanceTimersByTimeAsync(1000);
    await expect(sendWrite(client, ["EVALSHA", "b"])).resolves.toBe("OK");
    expect(waited).toEqual([["EVALSHA", "b"]]);
    // Gone again: the wait begins again, from the first answer that says none.
    state.replicas = [];
    await vi.advanceTimersByTimeAsync(1000);
    await expect(sendWrite(client, ["EVALSHA", "c"])).rejects.toBeInstanceOf(StoreUnavailable);
    await vi.advanceTimersByTimeAsync(60_000);
    await expect(sendWrite(client, ["EVALSHA", "d"])).resolves.toBe("OK");
    // Another primary, maybe (`forget`): its time without a replica begins when it says so.
    watch.forget();
    await expect(sendWrite(client, ["EVALSHA", "e"])).rejects.toBeInstanceOf(StoreUnavailable);
    expect(written.map((args) => args[1])).toEqual(["a", "d"]);
    watch.stop();
  });
});

describe("a write acknowledged by a primary alone (once it has had no replica for REDIS_ALONE_AFTER_S)", () => {
  const watched = (named: string | undefined, primaries: (string | undefined)[]) => {
    const { client, written } = primaryAlone();
    let look = 0;
    const watch = replicaWatch(client, async () => [], {
      waitReplicas: 1,
      aloneAfterMs: 0,
      deadlineMs: 1500,
      log: quiet,
      confirm: { primary: () => primaries[Math.min(look++, primaries.length - 1)], named: async () => named },
    });
    return { client, written, watch };
  };

  it("is acknowledged when the Sentinels name the primary it went to", async () => {
    const { client, written, watch } = watched("127.0.0.1:7001", ["127.0.0.1:7001"]);
    await expect(sendWrite(client, ["EVALSHA", "pop"])).resolves.toBe("OK");
    expect(written).toEqual([["EVALSHA", "pop"]]);
    watch.stop();
  });

  it("is refused (sent again later) when the Sentinels name another, or none, or the link moved meanwhile", async () => {
    for (const [named, primaries] of [
      ["127.0.0.1:7002", ["127.0.0.1:7001"]],
      [undefined, ["127.0.0.1:7001"]],
      ["127.0.0.1:7001", ["127.0.0.1:7001", "127.0.0.1:7002"]],
      ["127.0.0.1:7001", [undefined]],
    ] as const) {
      const { client, written, watch } = watched(named, [...primaries]);
      await expect(sendWrite(client, ["EVALSHA", "pop"])).rejects.toBeInstanceOf(StoreUnavailable);
      // It was written: the page sends it again, and every store applies a write sent again once.
      expect(written).toEqual([["EVALSHA", "pop"]]);
      watch.stop();
    }
  });

  it("without Sentinel (REDIS_URL) is acknowledged by the primary alone, unconfirmed", async () => {
    const { client, written } = primaryAlone();
    const watch = replicaWatch(client, async () => [], {
      waitReplicas: 1,
      aloneAfterMs: 0,
      deadlineMs: 1500,
      log: quiet,
    });
    await expect(sendWrite(client, ["EVALSHA", "pop"])).resolves.toBe("OK");
    expect(written).toHaveLength(1);
    watch.stop();
  });
});

describe("the Sentinels asked which primary they name, through a failover and the old primary's return", () => {
  let group: SentinelGroup;
  beforeAll(async () => {
    group = await startSentinelGroup({ downAfterMs: 1000 });
  }, 60_000);
  afterAll(async () => {
    await group?.stop();
  });

  it("names the promoted replica while the old primary, back, is still a primary by its own word", async () => {
    const sentinels = group.sentinels.split(",").map((entry) => {
      const [host, port] = entry.split(":");
      return { host: host ?? "", port: Number(port) };
    });
    const asker = sentinelAsker({ sentinels, name: group.name, deadlineMs: 1000 });
    try {
      const first = await group.primary();
      expect(await asker.named()).toBe(first);
      const killed = await group.killPrimary();
      const promoted = await group.promotedFrom(killed);
      expect(promoted).not.toBe(first);
      expect(await asker.named()).toBe(promoted);
      // The old primary back while no Sentinel can make it a replica yet: a primary by its own word.
      for (const node of group.sentinelNodes) node.child.kill("SIGSTOP");
      try {
        await group.restart(killed);
        const old = createClient({ socket: { host: "127.0.0.1", port: killed, reconnectStrategy: false } });
        old.on("error", () => {});
        await old.connect();
        try {
          expect(((await old.sendCommand(["ROLE"])) as unknown[])[0]).toBe("master");
          const watch = replicaWatch(old, async () => [], {
            waitReplicas: 1,
            aloneAfterMs: 0,
            deadlineMs: 1000,
            log: quiet,
            confirm: { primary: () => `127.0.0.1:${killed}`, named: asker.named },
          });
          // No Sentinel answers: within the deadline of each, the write is refused, never acknowledged.
          const started = Date.now();
          await expect(sendWrite(old, ["SET", "written-alone", "1"])).rejects.toBeInstanceOf(StoreUnavailable);
          expect(Date.now() - started).toBeLessThan(sentinels.length * 2000 + 1000);
          watch.stop();
        } finally {
          old.destroy();
        }
      } finally {
        for (const node of group.sentinelNodes) node.child.kill("SIGCONT");
      }
      // The Sentinels back: they still name the promoted one.
      expect(await asker.named()).toBe(promoted);
    } finally {
      asker.close();
    }
  }, 60_000);
});

describe("a site whose Redis primary has no replica, on a real redis-server (REDIS_WAIT_REPLICAS=1)", () => {
  let redis: { url: string; port: number; child: ChildProcess };
  let site: ReturnType<typeof makeSiteFixture>;
  const servers: Awaited<ReturnType<typeof startSiteProcess>>[] = [];
  beforeAll(async () => {
    site = makeSiteFixture();
    redis = await startRedis();
    const env = { SITE_DIR: site.client, REDIS_URL: redis.url, REDIS_WAIT_REPLICAS: "1" };
    servers.push(
      ...(await Promise.all([startSiteProcess(env), startSiteProcess({ ...env, REDIS_ALONE_AFTER_S: "0" })])),
    );
  }, 30_000);
  afterAll(async () => {
    for (const server of servers) await stopProcess(server.child);
    if (redis) await stopProcess(redis.child);
    site?.remove();
  });
  const click = (origin: string, device: string) =>
    fetch(`${origin}/api/clicks`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ device, from: 0, to: 3 }),
    });

  it("warns in /readyz, refuses writes (503) without saying the store went, and takes them alone after REDIS_ALONE_AFTER_S", async () => {
    const [waiting, alone] = servers as [(typeof servers)[0], (typeof servers)[0]];
    for (const server of servers) await redisReadyWarning(server.origin, 0, "no-replica");
    // REDIS_ALONE_AFTER_S's default (60 s) has not passed: refused, and the page sends it again.
    for (let k = 0; k < 3; k++) expect((await click(waiting.origin, "no-replica-device-0123456789")).status).toBe(503);
    expect(waiting.logs.filter((line) => line.includes("redis primary has no replica"))).toHaveLength(1);
    expect(waiting.logs.some((line) => line.includes("store unavailable"))).toBe(false);
    // With REDIS_ALONE_AFTER_S=0 the primary alone takes it at once (REDIS_URL: no Sentinel to ask).
    expect((await click(alone.origin, "alone-device-0123456789")).status).toBe(200);
  });
});
