import { afterEach, describe, expect, it, vi } from "vitest";
import { CLOSE } from "../../contracts/live.ts";
import type { FleetLimiter } from "../ops/limiter.ts";
import { busyChannel, notingTopic, openChannel as open, serveLive } from "../test/in-process-live.ts";
import { createAddressBudget } from "./address-budget.ts";
import type { LiveOptions } from "./sockets.ts";

/**
 * Issue 56: every socket is bounded whatever it sends, one test per path a client can take to
 * make the server hold or spend more (docs/live.md, "What one channel can cost"), and what one
 * address sends on all its channels together is limited (address-budget.ts).
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

describe("every socket bounded whatever it sends", () => {
  it("cuts off a client that floods pings and never reads the pongs", async () => {
    const { url, live } = await serve();
    const page = await open(url, "/api/live?topics=clicks");
    // A client that never reads: its pongs pile up unread, and the server stops answering.
    page.ws.pause();
    const ping = Buffer.alloc(125, 1);
    let sent = 0;
    for (; sent < 20_000 && live.connections > 0; sent++) {
      page.ws.ping(ping);
      if (sent % 100 === 99) await new Promise((resolve) => setImmediate(resolve));
    }
    await until(() => live.connections === 0);
    // Cut off long before the flood ended: what it held for the page was a few pongs.
    expect(sent).toBeLessThan(20_000);
    page.ws.terminate();
  });

  it("closes a channel that pings more than a few times (a page cannot ping), at a cost to its address", async () => {
    const { url, metrics } = await serve();
    const page = await open(url, "/api/live?topics=clicks");
    for (let k = 0; k < 9; k++) page.ws.ping();
    expect(await page.closed).toBe(CLOSE.malformed);
    expect(await metrics.registry.metrics()).toContain(
      'pointless_live_channels_closed_by_server_total{reason="pings"} 1',
    );
  });

  it("spends unsolicited pongs from the address's budget, and closes the channel past it", async () => {
    const { url, live, metrics } = await serve({
      budget: createAddressBudget({ messages: { burst: 50, perSecond: 1 } }),
    });
    const page = await open(url, "/api/live?topics=clicks");
    for (let k = 0; k < 60; k++) page.ws.pong("x");
    expect(await page.closed).toBe(CLOSE.tryLater);
    await until(() => live.connections === 0);
    expect(await metrics.registry.metrics()).toContain(
      'pointless_live_channels_closed_by_server_total{reason="address-budget"} 1',
    );
  });

  it("closes on a frame of junk, text or binary, and on one over 2 KB, before reading any further", async () => {
    const { url, bubbles } = await serve();
    const text = await open(url, "/api/live?topics=bubbles");
    text.ws.send("\u0000junk{{{".repeat(200));
    expect(await text.closed).toBe(CLOSE.malformed);
    const binary = await open(url, "/api/live?topics=bubbles");
    binary.ws.send(Buffer.alloc(2000, 0xff));
    expect(await binary.closed).toBe(CLOSE.malformed);
    const large = await open(url, "/api/live?topics=bubbles");
    large.ws.send("x".repeat(2049));
    expect(await large.closed).toBe(CLOSE.tooLarge);
    expect(bubbles.handled).toHaveLength(0);
  });

  it("closes a reader too slow for a busy topic once 1 MB waits for it (1013), and writes no more to it", async () => {
    const { url, metrics, clicks } = await serve();
    const page = await open(url, "/api/live?topics=clicks");
    page.ws.pause();
    const peer = clicks.joins[0]?.peer;
    const text = JSON.stringify({ topic: "clicks", t: "clicks", pad: "x".repeat(2000) });
    for (let k = 0; k < 10_000; k++) {
      peer?.send(text);
      if (k % 200 === 199) await new Promise((resolve) => setImmediate(resolve));
    }
    expect(await metrics.registry.metrics()).toContain(
      'pointless_live_channels_closed_by_server_total{reason="slow-reader"} 1',
    );
    page.ws.terminate();
  });

  it("cuts off a reader that never reads on a quiet topic at its second unanswered heartbeat", async () => {
    const { url, live, metrics } = await serve({ heartbeatMs: 50 });
    const page = await open(url, "/api/live?topics=clicks");
    page.ws.pause();
    await until(() => live.connections === 0);
    expect(await metrics.registry.metrics()).toContain(
      'pointless_live_channels_closed_by_server_total{reason="no-pong"} 1',
    );
    page.ws.terminate();
  });
});

describe("what a frame no page sends costs", () => {
  it("costs its address new channels: after two channels closed for junk, the third is told to wait", async () => {
    const taken = new Map<string, number>();
    const upgrades: FleetLimiter = {
      take: async (key, points = 1) => {
        taken.set(key, (taken.get(key) ?? 0) + points);
        return (taken.get(key) ?? 0) > 40 ? 5000 : 0;
      },
    };
    const { url } = await serve({ upgrades });
    for (let k = 0; k < 2; k++) {
      const page = await open(url, "/api/live?topics=bubbles");
      page.ws.send("not a message");
      expect(await page.closed).toBe(CLOSE.malformed);
    }
    await until(() => (taken.get("127.0.0.1") ?? 0) >= 62);
    const refused = await busyChannel(url, "/api/live?topics=bubbles");
    expect(refused).toEqual({
      code: CLOSE.busy,
      said: [{ t: "busy", retryMs: 5000, reason: "Very many pages opened from this network just now." }],
    });
  });
});

describe("an address that comes back before its time", () => {
  it("is told busy in words 20 times at once, then refused over plain HTTP (429), which costs no WebSocket", async () => {
    const { url } = await serve({ maxConnections: 0 });
    const from = { "x-test-address": "192.0.2.70" };
    const started = performance.now();
    for (let k = 0; k < 20; k++)
      expect((await busyChannel(url, "/api/live?topics=clicks", from)).code).toBe(CLOSE.busy);
    // Then refused. The words come back at two a second (BUSY_WORDS_LIMIT), so a machine slow
    // enough to spend half a second on those twenty (a loaded CI run did) is told a few more
    // first, as many as came back meanwhile, never more.
    let more = 0;
    for (;;) {
      const refused = await open(url, "/api/live?topics=clicks", from).then(
        async (page) => {
          expect(await page.closed).toBe(CLOSE.busy);
          return null;
        },
        (error: Error) => error,
      );
      if (refused) {
        expect(refused.message).toBe("refused: 429 retry-after=10");
        break;
      }
      more++;
      expect(more, "words told past the twenty").toBeLessThanOrEqual(
        Math.floor((2 * (performance.now() - started)) / 1000),
      );
    }
    // Another address is told in words.
    const other = await busyChannel(url, "/api/live?topics=clicks", { "x-test-address": "192.0.2.71" });
    expect(other.said).toEqual([{ t: "busy", retryMs: 10_000, reason: "The site is very busy right now." }]);
  });
});

describe("what one address sends on all its channels", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("is limited in messages across its channels: the one past it is closed with 1013 (try later)", async () => {
    const { url, bubbles } = await serve({ budget: createAddressBudget({ messages: { burst: 10, perSecond: 1 } }) });
    const from = { "x-test-address": "192.0.2.50" };
    const [a, b] = [
      await open(url, "/api/live?topics=bubbles", from),
      await open(url, "/api/live?topics=bubbles", from),
    ];
    for (let n = 1; n <= 5; n++) a.ws.send(JSON.stringify({ topic: "bubbles", t: "pop", n }));
    for (let n = 1; n <= 6; n++) b.ws.send(JSON.stringify({ topic: "bubbles", t: "pop", n }));
    expect(await b.closed).toBe(CLOSE.tryLater);
    expect(bubbles.handled).toHaveLength(10);
    // Another address has a budget of its own.
    const other = await open(url, "/api/live?topics=bubbles", { "x-test-address": "192.0.2.51" });
    other.ws.send(JSON.stringify({ topic: "bubbles", t: "pop", n: 1 }));
    await until(() => bubbles.handled.length === 11);
    a.ws.close();
    other.ws.close();
  });

  it("is limited in bytes across its channels", async () => {
    const { url, bubbles } = await serve({ budget: createAddressBudget({ bytes: { burst: 4000, perSecond: 1 } }) });
    const page = await open(url, "/api/live?topics=bubbles");
    const big = JSON.stringify({ topic: "bubbles", t: "pop", n: 1, pad: "x".repeat(1500) });
    for (let k = 0; k < 3; k++) page.ws.send(big);
    expect(await page.closed).toBe(CLOSE.tryLater);
    expect(bubbles.handled).toHaveLength(2);
  });

  it("is counted for the fleet: two processes' spending together meets the fleet's limit", async () => {
    vi.useFakeTimers();
    let spent = 0;
    const fleet: FleetLimiter = {
      take: async (_, points = 1) => {
        spent += points;
        return spent > 10 ? 1000 : 0;
      },
    };
    const one = createAddressBudget({ messages: { burst: 10, perSecond: 10 }, fleetMessages: fleet });
    const two = createAddressBudget({ messages: { burst: 10, perSecond: 10 }, fleetMessages: fleet });
    for (let k = 0; k < 6; k++) {
      expect(one.spend("192.0.2.60", 10)).toBe(true);
      expect(two.spend("192.0.2.60", 10)).toBe(true);
    }
    await vi.advanceTimersByTimeAsync(300);
    expect(spent).toBe(12);
    // The process whose telling passed the fleet's limit is refused at once; the other at its next.
    const refusedNow = [one, two].filter((budget) => !budget.spend("192.0.2.60", 10));
    expect(refusedNow).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(300);
    expect(one.spend("192.0.2.60", 10)).toBe(false);
    expect(two.spend("192.0.2.60", 10)).toBe(false);
    expect(one.spend("192.0.2.61", 10)).toBe(true);
    await vi.advanceTimersByTimeAsync(1100);
    expect(one.spend("192.0.2.60", 10)).toBe(true);
    one.stop();
    two.stop();
  });
});
