import { describe, expect, it } from "vitest";
import { CLOSE } from "../../contracts/live.ts";
import { busyChannel as busy, notingTopic, openChannel as open, serveLive } from "../test/in-process-live.ts";
import type { LiveOptions } from "./sockets.ts";

/**
 * The live channel on its own, in this process, with topic modules that only note what happens to
 * them: what it refuses before a WebSocket exists and what it tells a page it is too busy to take,
 * how it hands messages to topics, its heartbeat and its goodbye.
 */
async function serve(options: Partial<LiveOptions> = {}) {
  const bubbles = notingTopic("bubbles", ["pop"]);
  const clicks = notingTopic("clicks");
  const served = await serveLive({ topics: [bubbles.module, clicks.module], ...options });
  return { ...served, bubbles, clicks };
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
    await until(() => twice.texts.some((m) => m.t === "joined"));
    expect(bubbles.joins).toHaveLength(1);
    // Each topic's answer to the join, then the channel's word that the page is live.
    expect(twice.texts.filter((m) => m.t !== "visitor")).toEqual([{ t: "welcome", topic: "bubbles" }, { t: "joined" }]);
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

  it("reads a query parameter named twice as its first value, and lives on", async () => {
    const { url, bubbles, clicks } = await serve();
    const page = await open(
      url,
      "/api/live?topics=bubbles&topics=clicks&resume=bubbles:1.2&resume=bubbles:3.4&visitor=x&visitor=y",
    );
    // Neither token is one of the server's: a new one is minted, and the page is told it.
    await until(() => page.texts.some((m) => m.t === "visitor"));
    expect(bubbles.joins.map((j) => j.resume)).toEqual(["1.2"]);
    expect(clicks.joins).toHaveLength(0);
    page.ws.close();
    const next = await open(url, "/api/live?topics=clicks");
    await until(() => clicks.joins.length === 1);
    next.ws.close();
  });

  it("gives each message to the topic it names, and closes on one of a kind its topic does not take", async () => {
    const { url, bubbles } = await serve();
    const page = await open(url, "/api/live?topics=bubbles");
    page.ws.send(JSON.stringify({ topic: "bubbles", t: "pop" }));
    await until(() => bubbles.handled.length === 1);
    // The topic is the channel's business: the module sees only its kind's fields.
    expect(bubbles.handled.map((h) => h.message)).toEqual([{ t: "pop" }]);
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

  it("limits how often one address may open channels, and says when the page may come back", async () => {
    let taken = 0;
    const { url } = await serve({
      upgrades: { take: async () => (++taken > 3 ? 1500 : 0) },
    });
    for (let k = 0; k < 3; k++) (await open(url, "/api/live?topics=clicks")).ws.close();
    // Opened only to be told so, where a page can read it: an HTTP 429 to an upgrade reaches the
    // page as "the connection failed", which it took for a network that blocks WebSockets.
    expect(await busy(url, "/api/live?topics=clicks")).toEqual({
      code: CLOSE.busy,
      said: [{ t: "busy", retryMs: 1500, reason: "Very many pages opened from this network just now." }],
    });
  });

  it("tells a page the site is busy when it is full, or one place has too many channels, and never joins it", async () => {
    const { url, clicks } = await serve({ maxConnections: 2, maxPerAddress: 1 });
    const first = await open(url, "/api/live?topics=clicks", { "x-test-address": "192.0.2.1" });
    const crowded = await busy(url, "/api/live?topics=clicks", { "x-test-address": "192.0.2.1" });
    expect(crowded).toEqual({
      code: CLOSE.busy,
      said: [{ t: "busy", retryMs: 10_000, reason: "Very many people share this network right now." }],
    });
    const second = await open(url, "/api/live?topics=clicks", { "x-test-address": "192.0.2.2" });
    const full = await busy(url, "/api/live?topics=clicks", { "x-test-address": "192.0.2.3" });
    expect(full).toEqual({
      code: CLOSE.busy,
      said: [{ t: "busy", retryMs: 10_000, reason: "The site is very busy right now." }],
    });
    expect(clicks.joins).toHaveLength(2);
    first.ws.close();
    second.ws.close();
  });

  it("caps channels from one block of addresses as from one address", async () => {
    const { url } = await serve({
      maxPerAddress: 2,
      maxPerBlock: 3,
    });
    // Four /64s of one /56, then one of another /56.
    const from = (address: string) => ({ "x-test-address": address });
    const opened = [
      await open(url, "/api/live?topics=clicks", from("2001:db8:0:1::/64")),
      await open(url, "/api/live?topics=clicks", from("2001:db8:0:2::/64")),
      await open(url, "/api/live?topics=clicks", from("2001:db8:0:3::/64")),
    ];
    expect((await busy(url, "/api/live?topics=clicks", from("2001:db8:0:4::/64"))).code).toBe(CLOSE.busy);
    (await open(url, "/api/live?topics=clicks", from("2001:db8:0:100::/64"))).ws.close();
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
    const restarting = await busy(url, "/api/live?topics=clicks");
    expect(restarting).toEqual({
      code: CLOSE.busy,
      said: [{ t: "busy", retryMs: expect.any(Number), reason: "The server is restarting. Back in a few seconds." }],
    });
    // Within the goodbye's window, each page at a moment of its own.
    const retryMs = restarting.said[0]?.retryMs as number;
    expect(retryMs).toBeGreaterThanOrEqual(1000);
    expect(retryMs).toBeLessThanOrEqual(5000);
  });

  it("refuses an upgrade whose limit check ends after the stop began, and never joins it to a topic", async () => {
    let release: (() => void) | undefined;
    const { url, live, clicks } = await serve({
      upgrades: { take: () => new Promise<number>((resolve) => (release = () => resolve(0))) },
    });
    const refused = busy(url, "/api/live?topics=clicks");
    await until(() => release !== undefined);
    live.stopAccepting();
    release?.();
    expect((await refused).said).toEqual([
      { t: "busy", retryMs: expect.any(Number), reason: "The server is restarting. Back in a few seconds." },
    ]);
    expect(clicks.joins).toHaveLength(0);
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
