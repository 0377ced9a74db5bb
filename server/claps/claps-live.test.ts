import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLAPS_PATH, type CrowdJson, SEND_CLAPS_EVERY_MS } from "../../contracts/claps.ts";
import { CLOSE } from "../../contracts/live.ts";
import { startSiteProcess, stopProcess } from "../../scripts/lib/local-servers.ts";
import { type LiveClient, openLive } from "../test/live-client.ts";
import { ownRedis } from "../test/own-redis.ts";
import { makeSiteFixture } from "../test/site-fixture.ts";
import { siteProcess } from "../test/site-process.ts";
import { jsonOnceLoaded } from "../test/until.ts";

/**
 * The crowd against the real server process: on SQLite (one process, its limit high enough for
 * the tests, X-Forwarded-For believed from loopback so each test visitor can be a client of its
 * own), then two processes on one real Redis, and servers killed (SIGKILL) while batches arrive.
 */
const server = siteProcess({ CLAPS_LIMIT: "100000/1000000", LIVE_MAX_PER_ADDRESS: "50", TRUST_PROXY: "loopback" });

type Message = { t: string; n?: number; total?: number; clapping?: number; counted?: boolean; error?: string };
const messages = (client: LiveClient) => client.messages as unknown as Message[];
const answerTo = (client: LiveClient, n: number) =>
  messages(client).find((m) => (m.t === "ok" || m.t === "no") && m.n === n);
const lastCrowd = (client: LiveClient) =>
  messages(client)
    .filter((m) => m.t === "crowd")
    .at(-1);

/** The crowd over plain HTTP, once the server has it from its store. */
const crowdOf = (origin: string) => jsonOnceLoaded<CrowdJson>(`${origin}${CLAPS_PATH}`);
const from = (address: string) => ({ headers: { "X-Forwarded-For": address } });

let next = 0;
/** Sends a batch and waits for its answer. */
async function send(client: LiveClient, page: string, batch: number, count: unknown) {
  const n = ++next;
  client.send({ t: "clap", n, page, batch, count });
  await client.until(() => answerTo(client, n) !== undefined);
  return answerTo(client, n) as Message;
}

describe("the crowd, live, on SQLite", () => {
  it("gives a newcomer the crowd, and every visitor the new total within a fraction of a second", async () => {
    const start = (await crowdOf(server.origin)).total;
    const [clapper, watcher] = await Promise.all([
      openLive(server.origin, ["claps"], from("203.0.113.1")),
      openLive(server.origin, ["claps"], from("203.0.113.2")),
    ]);
    await watcher.until(() => lastCrowd(watcher) !== undefined);
    expect(lastCrowd(watcher)).toMatchObject({ total: start });
    expect(await send(clapper, "page-live-00000000001", 1, 12)).toMatchObject({
      t: "ok",
      total: start + 12,
      counted: true,
    });
    await watcher.until(() => lastCrowd(watcher)?.total === start + 12, 2000);
    // Once as the total climbed, not once per clap.
    expect(messages(watcher).filter((m) => m.t === "crowd" && m.total === start + 12)).toHaveLength(1);
    expect(await crowdOf(server.origin)).toMatchObject({ total: start + 12 });
    clapper.close();
    watcher.close();
  });

  it("counts the visitors clapping in the last five seconds (three channels, each its own visitor)", async () => {
    const [one, two, watcher] = await Promise.all([
      openLive(server.origin, ["claps"], from("198.51.100.1")),
      openLive(server.origin, ["claps"], from("198.51.100.2")),
      openLive(server.origin, ["claps"], from("198.51.100.3")),
    ]);
    // Visitors of the tests before may have clapped lately: the count settles on nobody first.
    await watcher.until(() => lastCrowd(watcher)?.clapping === 0, 8000);
    await send(one, "page-clapping-000000001", 1, 1);
    await send(one, "page-clapping-000000001", 2, 1);
    await send(two, "page-clapping-000000002", 1, 1);
    await watcher.until(() => lastCrowd(watcher)?.clapping === 2, 2000);
    expect((await crowdOf(server.origin)).clapping).toBe(2);
    await watcher.until(() => lastCrowd(watcher)?.clapping === 0, 8000);
    for (const client of [one, two, watcher]) client.close();
  }, 20_000);

  it("counts a batch sent again once, and refuses a batch too old to tell", async () => {
    const client = await openLive(server.origin, ["claps"]);
    const page = "page-repeat-0000000001";
    const first = await send(client, page, 1, 5);
    expect(first).toMatchObject({ t: "ok", counted: true });
    expect(await send(client, page, 1, 5)).toMatchObject({ t: "ok", counted: false, total: first.total });
    expect(await send(client, page, 40, 1)).toMatchObject({ t: "ok", counted: true });
    expect(await send(client, page, 2, 5)).toMatchObject({
      t: "no",
      error: "That batch of claps is too old to count.",
    });
    expect((await crowdOf(server.origin)).total).toBe((first.total ?? 0) + 1);
    client.close();
  });

  it("refuses a count it cannot take with a reason, closes the channel on a message it cannot read, and goes on", async () => {
    const client = await openLive(server.origin, ["claps"]);
    const before = (await crowdOf(server.origin)).total;
    for (const count of [-1, 0, 2.5, 31, 1e21, "7", null, [3], { n: 1 }]) {
      expect(await send(client, "page-bad-count-0000001", 1, count)).toMatchObject({
        t: "no",
        error: "A batch of claps is a whole number from 1 to 30.",
      });
    }
    client.close();
    const cases: string[] = [
      JSON.stringify({ topic: "claps", t: "clap", n: 1, batch: 1, count: 1 }),
      JSON.stringify({ topic: "claps", t: "clap", n: 1, page: "short", batch: 1, count: 1 }),
      JSON.stringify({ topic: "claps", t: "clap", n: 1, page: "page-bad-batch-000001", batch: 0, count: 1 }),
      JSON.stringify({ topic: "claps", t: "clap", n: 1, page: "page-bad-batch-000001", batch: 1.5, count: 1 }),
      JSON.stringify({ topic: "claps", t: "clap", n: -1, page: "page-bad-batch-000001", batch: 1, count: 1 }),
      JSON.stringify({ topic: "claps", t: "clap", n: 1, page: "page-bad-batch-000001", batch: 1, count: 1, extra: 1 }),
      JSON.stringify({ topic: "claps", t: "cheer" }),
    ];
    for (const message of cases) {
      const bad = await openLive(server.origin, ["claps"]);
      bad.ws.send(message);
      expect((await bad.closed).code, message).toBe(CLOSE.malformed);
    }
    expect((await crowdOf(server.origin)).total).toBe(before);
  });

  it("answers GET /api/claps with the crowd, never cached", async () => {
    const response = await fetch(`${server.origin}${CLAPS_PATH}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const body = (await response.json()) as CrowdJson;
    expect(Number.isSafeInteger(body.total) && Number.isSafeInteger(body.clapping)).toBe(true);
  });
});

describe("the crowd's limit per client address", () => {
  const limited = siteProcess({ LIVE_MAX_PER_ADDRESS: "50" });
  it("tells a flood to wait, with how long, and counts only what it admitted", async () => {
    const client = await openLive(limited.origin, ["claps"]);
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map((batch) => send(client, "page-flood-000000000001", batch, 30)),
    );
    const admitted = answers.filter((a) => a.t === "ok").length;
    const waits = answers.filter((a) => a.t === "no") as (Message & { retryMs?: number })[];
    expect(waits.length).toBeGreaterThan(0);
    for (const wait of waits) {
      expect(wait.error).toMatch(/that fast/);
      expect(wait.retryMs).toBeGreaterThan(0);
    }
    expect((await crowdOf(limited.origin)).total).toBe(30 * admitted);
    client.close();
  });
});

/**
 * One visitor sends a batch every 170 ms (within the topic's message limit), and one more just as
 * the server is killed; after the restart it sends every batch again (as a page does with what it
 * has not seen confirmed, and here with the confirmed ones too). What was acknowledged is there,
 * and each batch is counted once: those stored come back as repeats (or too old to tell), those
 * lost are counted now.
 */
async function killWhileClapping(env: () => Record<string, string>) {
  let running = await startSiteProcess(env());
  const before = (await crowdOf(running.origin)).total;
  const client = await openLive(running.origin, ["claps"]);
  const page = `page-kill-${Date.now().toString(36)}-000000`;
  const sent = new Map<number, { batch: number; count: number }>();
  let batch = 0;
  const sendBatch = () => {
    if (client.ws.readyState !== client.ws.OPEN) return;
    batch++;
    const count = 1 + (batch % 7);
    sent.set(batch, { batch, count });
    // A page numbers its requests apart from its batches; here they are the same.
    client.send({ t: "clap", n: batch, page, batch, count });
  };
  const clapping = setInterval(sendBatch, 170);
  try {
    await client.until(() => messages(client).filter((m) => m.t === "ok").length >= 5, 8000);
  } finally {
    clearInterval(clapping);
  }
  sendBatch();
  await stopProcess(running.child, "SIGKILL");
  const acknowledged = messages(client)
    .filter((m) => m.t === "ok")
    .reduce((sum, m) => sum + (sent.get(m.n ?? 0)?.count ?? 0), 0);
  const all = [...sent.values()].reduce((sum, b) => sum + b.count, 0);
  running = await startSiteProcess(env(), { port: running.port });
  try {
    const stored = (await crowdOf(running.origin)).total - before;
    expect(stored).toBeGreaterThanOrEqual(acknowledged);
    expect(stored).toBeLessThanOrEqual(all);
    const back = await openLive(running.origin, ["claps"]);
    for (const b of sent.values()) await send(back, page, b.batch, b.count);
    expect((await crowdOf(running.origin)).total).toBe(before + all);
    back.close();
    return { acknowledged, all, stored };
  } finally {
    await stopProcess(running.child);
  }
}

describe("a server killed while batches arrive", () => {
  let site: ReturnType<typeof makeSiteFixture>;
  beforeAll(() => {
    site = makeSiteFixture();
  });
  afterAll(() => site.remove());

  it("on SQLite keeps every batch it acknowledged, and counts none twice when they come again", async () => {
    const result = await killWhileClapping(() => ({
      SITE_DIR: site.client,
      COUNTER_DATA_DIR: site.dataDir,
      CLAPS_LIMIT: "100000/1000000",
    }));
    expect(result.acknowledged).toBeGreaterThan(0);
  }, 30_000);
});

describe("two servers on one Redis", () => {
  const redis = ownRedis({ appendOnly: true });
  let site: ReturnType<typeof makeSiteFixture>;
  const env = () => ({
    SITE_DIR: site.client,
    REDIS_URL: redis.url,
    CLAPS_LIMIT: "100000/1000000",
    LIVE_MAX_PER_ADDRESS: "50",
    TRUST_PROXY: "loopback",
  });
  beforeAll(() => {
    site = makeSiteFixture();
  });
  afterAll(() => site.remove());

  it("share one total, who is clapping on either, and a batch sent to both counts once", async () => {
    const [a, b] = await Promise.all([startSiteProcess(env()), startSiteProcess(env())]);
    try {
      const onA = await openLive(a.origin, ["claps"], from("192.0.2.1"));
      const onB = await openLive(b.origin, ["claps"], from("192.0.2.2"));
      await onB.until(() => lastCrowd(onB) !== undefined);
      expect(lastCrowd(onB)).toMatchObject({ clapping: 0 });
      const start = lastCrowd(onB)?.total ?? 0;
      // Only A's visitor claps, a batch every half second as a page sends them. B's visitor has
      // not clapped, so B can count a clapper only through the counts the processes share in
      // Redis (each reports every 2 s).
      const page = "page-two-servers-00001";
      const answers: Promise<Message>[] = [];
      const clapping = setInterval(() => answers.push(send(onA, page, answers.length + 1, 3)), SEND_CLAPS_EVERY_MS);
      try {
        await onB.until(() => (lastCrowd(onB)?.clapping ?? 0) >= 1, 8000);
        expect((await crowdOf(b.origin)).clapping).toBeGreaterThanOrEqual(1);
      } finally {
        clearInterval(clapping);
      }
      for (const answer of await Promise.all(answers)) expect(answer).toMatchObject({ t: "ok", counted: true });
      const total = start + 3 * answers.length;
      await onB.until(() => lastCrowd(onB)?.total === total, 2000);
      // The same batch through the other server (a page that reconnected elsewhere): not again.
      expect(await send(onB, page, 1, 3)).toMatchObject({ t: "ok", counted: false, total });
      expect(await crowdOf(a.origin)).toMatchObject({ total });
      expect(await crowdOf(b.origin)).toMatchObject({ total });
      onA.close();
      onB.close();
    } finally {
      await Promise.all([stopProcess(a.child), stopProcess(b.child)]);
    }
  }, 20_000);

  it("keep every batch acknowledged across a SIGKILL, and count none twice", async () => {
    const result = await killWhileClapping(env);
    expect(result.acknowledged).toBeGreaterThan(0);
  }, 30_000);
});
