import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import * as v from "valibot";
import { afterEach, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { CLOSE, type Topic } from "../../contracts/live.ts";
import type { FleetLimiter } from "../limiter.ts";
import { createLogger } from "../log.ts";
import { createMetrics } from "../metrics.ts";
import type { Peer } from "./peer.ts";
import { createLiveSockets } from "./sockets.ts";
import type { TopicModule } from "./topic.ts";

/**
 * The live channel on its own, in this process, with topic modules that only note what happens to
 * them: what it refuses before a WebSocket exists, how it hands messages to topics, its heartbeat
 * and its goodbye.
 */
const quiet = createLogger("error", () => {});

/** A topic that notes every join, message and leave. */
function notingTopic(topic: Topic, kinds: string[] = []) {
  const joins: { peer: Peer; resume?: string }[] = [];
  const handled: { t: string }[] = [];
  let left = 0;
  const module: TopicModule = {
    topic,
    messages: Object.fromEntries(kinds.map((t) => [t, v.strictObject({ t: v.literal(t) })])),
    join: (peer, resume) => {
      joins.push({ peer, resume });
      peer.sendJson({ t: "welcome", topic });
    },
    handle: (_, message) => void handled.push(message),
    leave: () => void left++,
    stop: async () => {},
  };
  return { module, joins, handled, left: () => left };
}

const allow: FleetLimiter = { take: async () => 0 };

const servers: Server[] = [];
const stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  for (const server of servers.splice(0)) server.close();
});

async function serve(options: Partial<Parameters<typeof createLiveSockets>[0]> = {}) {
  const bubbles = notingTopic("bubbles", ["pop"]);
  const clicks = notingTopic("clicks");
  const metrics = createMetrics();
  const live = createLiveSockets({
    topics: [bubbles.module, clicks.module],
    log: quiet,
    addressOf: (req) => String(req.headers["x-test-address"] ?? "127.0.0.1"),
    maxConnections: 100,
    maxPerAddress: 50,
    maxPerBlock: 50,
    upgrades: allow,
    metrics,
    ...options,
  });
  const server = createServer((_, res) => res.end());
  server.on("upgrade", live.upgrade);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  servers.push(server);
  stops.push(() => live.close());
  const url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { live, bubbles, clicks, metrics, url };
}

/** Opens a channel; resolves with the texts it receives, or rejects with the HTTP status of a refusal. */
function open(url: string, path: string, headers: Record<string, string> = {}) {
  const ws = new WebSocket(url + path, { headers });
  const texts: { t: string; [key: string]: unknown }[] = [];
  ws.on("message", (data) => texts.push(JSON.parse(data.toString())));
  const closed = new Promise<number>((resolve) => ws.on("close", (code) => resolve(code)));
  return new Promise<{ ws: WebSocket; texts: typeof texts; closed: Promise<number> }>((resolve, reject) => {
    ws.once("open", () => resolve({ ws, texts, closed }));
    ws.once("unexpected-response", (_, response) =>
      reject(new Error(`refused: ${response.statusCode} retry-after=${response.headers["retry-after"]}`)),
    );
    ws.once("error", reject);
  });
}

const until = async (check: () => boolean, ms = 3000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error("never got there");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

describe("the live channel", () => {
  it("joins each topic once however often the page names it, and refuses a list longer than there are topics", async () => {
    const { url, bubbles } = await serve();
    const twice = await open(url, "/api/live?topics=bubbles,bubbles");
    await until(() => twice.texts.length > 0);
    expect(bubbles.joins).toHaveLength(1);
    expect(twice.texts).toEqual([{ t: "welcome", topic: "bubbles" }]);
    twice.ws.close();
    // As tried against the channel before: one upgrade naming the topic 1,500 times joined it 1,500 times.
    const many = Array(1500).fill("bubbles").join(",");
    await expect(open(url, `/api/live?topics=${many}`)).rejects.toThrow("refused: 400");
    await expect(open(url, "/api/live?topics=bubbles,nonsense")).rejects.toThrow("refused: 400");
    expect(bubbles.joins).toHaveLength(1);
  });

  it("hands each topic where the page left off on it, only when it is in the channel's form", async () => {
    const { url, bubbles, clicks } = await serve();
    for (const since of ["12.34", `1.${"9".repeat(40)}`, "x.1", "12"]) {
      (await open(url, `/api/live?topics=bubbles,clicks&resume=bubbles:${since},clicks:5.6`)).ws.close();
    }
    await until(() => bubbles.joins.length === 4);
    expect(bubbles.joins.map((j) => j.resume)).toEqual(["12.34", undefined, undefined, undefined]);
    expect(clicks.joins.map((j) => j.resume)).toEqual(["5.6", "5.6", "5.6", "5.6"]);
  });

  it("gives each message to the topic it names, and closes on one of a kind its topic does not take", async () => {
    const { url, bubbles } = await serve();
    const page = await open(url, "/api/live?topics=bubbles");
    page.ws.send(JSON.stringify({ topic: "bubbles", t: "pop" }));
    await until(() => bubbles.handled.length === 1);
    // The topic is the channel's business: the module sees only its kind's fields.
    expect(bubbles.handled).toEqual([{ t: "pop" }]);
    page.ws.send(JSON.stringify({ topic: "bubbles", t: "explode" }));
    expect(await page.closed).toBe(CLOSE.malformed);
    // A message for a topic the page does not follow, and one that names no topic.
    for (const message of [{ topic: "bubbles", t: "pop" }, { t: "pop" }, ["bubbles", "pop"]]) {
      const other = await open(url, "/api/live?topics=clicks");
      other.ws.send(JSON.stringify(message));
      expect(await other.closed).toBe(CLOSE.malformed);
    }
    expect(bubbles.handled).toHaveLength(1);
  });

  it("limits the messages on each topic by its own limit, beside the channel's", async () => {
    const bubbles = notingTopic("bubbles", ["pop"]);
    const { url } = await serve({
      topics: [{ ...bubbles.module, messageLimit: { burst: 3, perSecond: 0.001 } }],
    });
    const page = await open(url, "/api/live?topics=bubbles");
    for (let k = 0; k < 4; k++) page.ws.send(JSON.stringify({ topic: "bubbles", t: "pop" }));
    expect(await page.closed).toBe(CLOSE.malformed);
    expect(bubbles.handled).toHaveLength(3);
  });

  it("limits how often one address may open channels, with a Retry-After", async () => {
    let taken = 0;
    const { url } = await serve({
      upgrades: { take: async () => (++taken > 3 ? 1500 : 0) },
    });
    for (let k = 0; k < 3; k++) (await open(url, "/api/live?topics=clicks")).ws.close();
    await expect(open(url, "/api/live?topics=clicks")).rejects.toThrow("refused: 429 retry-after=2");
  });

  it("caps channels from one block of addresses as from one address", async () => {
    const { url } = await serve({
      maxPerAddress: 2,
      maxPerBlock: 3,
      blockOf: (address) => address.split("/")[0],
    });
    const from = (address: string) => ({ "x-test-address": address });
    const opened = [
      await open(url, "/api/live?topics=clicks", from("block-a/1")),
      await open(url, "/api/live?topics=clicks", from("block-a/2")),
      await open(url, "/api/live?topics=clicks", from("block-a/3")),
    ];
    await expect(open(url, "/api/live?topics=clicks", from("block-a/4"))).rejects.toThrow("refused: 429");
    (await open(url, "/api/live?topics=clicks", from("block-b/1"))).ws.close();
    for (const page of opened) page.ws.close();
  });

  it("says something on every channel at every heartbeat, so a quiet topic is not a dead line", async () => {
    const { url } = await serve({ heartbeatMs: 50 });
    const page = await open(url, "/api/live?topics=clicks");
    await until(() => page.texts.filter((m) => m.t === "hb").length >= 3);
    page.ws.close();
  });

  it("cuts off a channel that leaves two pings unanswered", async () => {
    const { url, live, metrics } = await serve({ heartbeatMs: 50 });
    const page = await open(url, "/api/live?topics=clicks");
    expect(live.connections).toBe(1);
    // A client that no longer answers pings (ws answers them by itself, so its socket is paused).
    page.ws.pause();
    await until(() => live.connections === 0);
    expect(await metrics.registry.metrics()).toContain(
      'pointless_live_channels_closed_by_server_total{reason="no-pong"} 1',
    );
    page.ws.terminate();
  });

  it("when stopping, tells every page to come back within a few seconds, then closes with 1001", async () => {
    const { url, live } = await serve();
    const pages = [await open(url, "/api/live?topics=clicks"), await open(url, "/api/live?topics=bubbles")];
    live.close();
    for (const page of pages) {
      expect(await page.closed).toBe(CLOSE.goingAway);
      expect(page.texts.at(-1)).toEqual({ t: "bye", retryMs: 5000, reason: "The server is restarting." });
    }
    await expect(open(url, "/api/live?topics=clicks")).rejects.toThrow("refused: 503");
  });

  it("counts what an operator needs: channels, refusals by reason, messages by topic", async () => {
    const { url, metrics, bubbles } = await serve();
    const page = await open(url, "/api/live?topics=bubbles");
    page.ws.send(JSON.stringify({ topic: "bubbles", t: "pop" }));
    await until(() => bubbles.handled.length === 1);
    await expect(open(url, "/api/live?topics=nonsense")).rejects.toThrow("refused: 400");
    const text = await metrics.registry.metrics();
    expect(text).toContain("pointless_live_channels 1");
    expect(text).toContain('pointless_live_upgrades_refused_total{reason="topics"} 1');
    expect(text).toContain('pointless_live_messages_in_total{topic="bubbles"} 1');
    expect(text).toContain('pointless_live_messages_out_total{topic="bubbles"} 1');
    page.ws.close();
  });
});
