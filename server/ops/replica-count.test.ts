import type { ChildProcess } from "node:child_process";
import { createClient } from "redis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRedis, startSiteProcess, stopProcess } from "../../scripts/lib/local-servers.ts";
import { redisReadyWarning } from "../test/readyz.ts";
import { makeSiteFixture } from "../test/site-fixture.ts";
import { createLogger } from "./log.ts";
import { replicaWatch, sendWrite } from "./replica-wait.ts";
import { StoreUnavailable } from "./store-guard.ts";

/**
 * Issue 66: while the number of replicas was unknown (after a reset, a reconnect or a promotion)
 * and a ROLE question was in flight, a write took the unknown for none and was acknowledged by the
 * primary alone, without WAIT; where ROLE was refused (an ACL without @dangerous), every write was.
 */

/** A primary with one replica whose ROLE answers come when the test lets them; every command recorded. */
function slowPrimary() {
  const sent: string[][] = [];
  const waited: string[][] = [];
  const answers: (() => void)[] = [];
  return {
    sent,
    waited,
    answerRole: () => {
      for (const answer of answers.splice(0)) answer();
    },
    client: {
      sendCommand(args: string[]) {
        sent.push(args);
        if (args[0] === "ROLE") {
          return new Promise((resolve) => answers.push(() => resolve(["master", 5, [["127.0.0.1", "7002", "5"]]])));
        }
        return Promise.resolve("OK");
      },
    },
    pipeline: async (args: string[], wait: string[]) => {
      waited.push([...args, ...wait]);
      return ["OK", 1];
    },
  };
}

function logLines() {
  const lines: { level: string; msg: string }[] = [];
  const log = createLogger("info", (line) => lines.push(JSON.parse(line)));
  return { lines, log };
}

describe("a write while the number of replicas is unknown", () => {
  it("waits for the ROLE question under way, then for the replica, never for the primary alone", async () => {
    const primary = slowPrimary();
    const watch = replicaWatch(primary.client, primary.pipeline, {
      waitReplicas: 1,
      deadlineMs: 1500,
      log: createLogger("error", () => {}),
    });
    // The first write asks ROLE; the second comes while the question is in flight.
    const first = sendWrite(primary.client, ["EVALSHA", "pop", "1"]);
    const second = sendWrite(primary.client, ["EVALSHA", "pop", "2"]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(primary.sent.filter((args) => args[0] === "EVALSHA")).toEqual([]);
    primary.answerRole();
    await expect(Promise.all([first, second])).resolves.toEqual(["OK", "OK"]);
    expect(primary.waited).toEqual([
      ["EVALSHA", "pop", "1", "WAIT", "1", "500"],
      ["EVALSHA", "pop", "2", "WAIT", "1", "500"],
    ]);
    expect(primary.sent.filter((args) => args[0] === "ROLE")).toHaveLength(1);
    // Forgotten again (a reconnect): the next write waits for a new answer as well.
    watch.forget();
    const third = sendWrite(primary.client, ["EVALSHA", "pop", "3"]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(primary.waited).toHaveLength(2);
    primary.answerRole();
    await third;
    expect(primary.waited.at(-1)).toEqual(["EVALSHA", "pop", "3", "WAIT", "1", "500"]);
    watch.stop();
  });

  it("drops an answer the old primary gives after a forget: the new one's count is waited for", async () => {
    const pending: ((replicas: number) => void)[] = [];
    const waited: string[][] = [];
    const client = {
      sendCommand(args: string[]) {
        if (args[0] !== "ROLE") return Promise.resolve("OK");
        return new Promise((resolve) =>
          pending.push((replicas) => resolve(["master", 5, Array.from({ length: replicas }, () => ["h", "1", "5"])])),
        );
      },
    };
    const watch = replicaWatch(
      client,
      async (args, wait) => {
        waited.push([...args, ...wait]);
        return ["OK", 1];
      },
      { waitReplicas: 1, deadlineMs: 1500, log: createLogger("error", () => {}) },
    );
    const write = sendWrite(client, ["EVALSHA", "pop"]);
    await new Promise((resolve) => setTimeout(resolve, 10));
    // A promotion meanwhile: the question asked of the old primary is answered after it (alone).
    watch.forget();
    expect(pending).toHaveLength(2);
    let written = false;
    void write.then(() => {
      written = true;
    });
    pending[0]?.(0);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(watch.replicas()).toBeNull();
    expect(written).toBe(false);
    pending[1]?.(1);
    await write;
    expect(watch.replicas()).toBe(1);
    expect(waited).toEqual([["EVALSHA", "pop", "WAIT", "1", "500"]]);
    watch.stop();
  });

  it("where ROLE is refused: waits for the replicas configured, refused when WAIT says fewer, and says so once", async () => {
    let acked = 1;
    const written: string[][] = [];
    const client = {
      async sendCommand(args: string[]) {
        if (args[0] === "ROLE") throw new Error("NOPERM User app has no permissions to run the 'role' command");
        written.push(args);
        return "OK";
      },
    };
    const { lines, log } = logLines();
    const watch = replicaWatch(
      client,
      async (args) => {
        written.push(args);
        return ["OK", acked];
      },
      { waitReplicas: 1, deadlineMs: 1500, log },
    );
    await expect(sendWrite(client, ["EVALSHA", "pop"])).resolves.toBe("OK");
    acked = 0;
    await expect(sendWrite(client, ["EVALSHA", "pop"])).rejects.toBeInstanceOf(StoreUnavailable);
    await expect(sendWrite(client, ["EVALSHA", "pop"])).rejects.toBeInstanceOf(StoreUnavailable);
    // Every write went with its WAIT, none alone.
    expect(written).toEqual([
      ["EVALSHA", "pop"],
      ["EVALSHA", "pop"],
      ["EVALSHA", "pop"],
    ]);
    expect(watch.replicas()).toBe("unknown");
    expect(lines.filter((line) => line.msg.startsWith("redis primary refuses ROLE"))).toHaveLength(1);
    watch.stop();
  });
});

describe("a WAIT whose answer is not a count", () => {
  it("refuses the write: no replica is known to have it (a pipeline cut short answered nothing, and it was acknowledged)", async () => {
    const client = {
      async sendCommand(args: string[]) {
        if (args[0] === "ROLE") return ["master", 5, [["127.0.0.1", "7002", "5"]]];
        return "OK";
      },
    };
    for (const answer of [[], ["OK"], ["OK", new Error("ERR WAIT cannot be used")], ["OK", "1 replica"]]) {
      const watch = replicaWatch(client, async () => answer, {
        waitReplicas: 1,
        deadlineMs: 1500,
        log: logLines().log,
      });
      await expect(sendWrite(client, ["EVALSHA", "pop"]), JSON.stringify(answer)).rejects.toBeInstanceOf(
        StoreUnavailable,
      );
      watch.stop();
    }
  });
});

describe("a site whose Redis user may not ask ROLE (an ACL without @dangerous), on a real redis-server", () => {
  let redis: { url: string; port: number; child: ChildProcess };
  let site: ReturnType<typeof makeSiteFixture>;
  let server: Awaited<ReturnType<typeof startSiteProcess>>;
  beforeAll(async () => {
    site = makeSiteFixture();
    redis = await startRedis();
    const admin = createClient({ url: redis.url });
    await admin.connect();
    await admin.sendCommand(["ACL", "SETUSER", "site", "on", ">a-password", "~*", "&*", "+@all", "-@dangerous"]);
    await admin.close();
    server = await startSiteProcess({
      SITE_DIR: site.client,
      REDIS_URL: `redis://site:a-password@127.0.0.1:${redis.port}`,
      REDIS_WAIT_REPLICAS: "1",
    });
  }, 30_000);
  afterAll(async () => {
    if (server) await stopProcess(server.child);
    if (redis) await stopProcess(redis.child);
    site?.remove();
  });

  it("warns in /readyz that the replicas are unknown, and refuses a click no replica has", async () => {
    await redisReadyWarning(server.origin, "unknown", "replicas-unknown");
    const sent = await fetch(`${server.origin}/api/clicks`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ device: "replica-count-test-device", from: 0, to: 3 }),
    });
    // No replica has it: never acknowledged by the primary alone; the page sends it again later.
    expect(sent.status).toBe(503);
    expect(server.logs.some((line) => line.includes("redis primary refuses ROLE"))).toBe(true);
  });
});
