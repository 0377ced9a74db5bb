import { describe, expect, it } from "vitest";
import { limitKeys } from "../http/client-address.ts";
import { createFleetLimiter } from "../ops/limiter.ts";
import { type LiveClient, openLive } from "../test/live-client.ts";
import { testPeer } from "../test/peer.ts";
import { siteProcess } from "../test/site-process.ts";
import { testBackends } from "../test/stores.ts";
import { until } from "../test/until.ts";
import { visitorLimit } from "./visitor-limit.ts";

/**
 * Who a limit counts: the visitor, and more loosely each key of its address (an IPv4 address, an
 * IPv6 /64 and the /56 it belongs to). On 27fa28e every toy's limit counted the /64 only: a home
 * given a /56 was 256 visitors to the wall's cooldown, a /48 tunnel 65,536.
 */
describe("a toy's limit per visitor and address", () => {
  it("holds each visitor to its own, each address to 32 visitors' worth, and a /56 as one address", async () => {
    const [, open] = testBackends[0] as (typeof testBackends)[number];
    const { backends, cleanUp } = await open();
    try {
      const paint = visitorLimit(
        (name, limit) => createFleetLimiter(backends, name, limit, 1500),
        "test-paint",
        { points: 1, durationS: 60 },
        32,
      );
      const school = Array.from({ length: 33 }, (_, k) => testPeer("192.0.2.7", `school-visitor-${k}`));
      const waits = [];
      for (const pupil of school) waits.push(await paint.take(pupil));
      // 32 pupils paint; the 33rd behind the same address waits; the first waits its own cooldown.
      expect(waits.slice(0, 32).every((w) => w === 0)).toBe(true);
      expect(waits[32]).toBeGreaterThan(0);
      expect(await paint.take(school[0] as (typeof school)[number])).toBeGreaterThan(0);
      // 33 visitors on 33 /64s of one /56: one home's worth, not 33 homes'.
      const home = Array.from({ length: 33 }, (_, k) =>
        testPeer(`2001:db8:0:${(k + 1).toString(16)}::/64`, `home-visitor-${k}`),
      );
      const homeWaits = [];
      for (const peer of home) homeWaits.push(await paint.take(peer));
      expect(homeWaits.filter((w) => w === 0)).toHaveLength(32);
      // Another /56 is another home.
      expect(await paint.take(testPeer("2001:db8:0:100::/64", "next-door"))).toBe(0);
    } finally {
      await cleanUp();
    }
  });

  it("keys an IPv6 /64 with its /56, an IPv4 address alone", () => {
    expect(limitKeys("2001:db8:0:12::/64")).toEqual(["2001:db8:0:12::/64", "2001:db8:0:0::/56"]);
    expect(limitKeys("192.0.2.7")).toEqual(["192.0.2.7"]);
    expect(limitKeys("unknown")).toEqual(["unknown"]);
  });
});

describe("the real server's limits on a /56", () => {
  const server = siteProcess({ TRUST_PROXY: "loopback", WALL_COOLDOWN_S: "60", LIVE_VISITORS_PER_ADDRESS: "4" });

  it("counts the wall's cooldown of every /64 of one /56 together", async () => {
    // Six visitors, each on a /64 of its own in one /56 (on 27fa28e: six addresses, six paints).
    const visitors: LiveClient[] = [];
    for (let k = 1; k <= 6; k++) {
      const client = await openLive(server.origin, ["wall"], {
        headers: { "X-Forwarded-For": `2001:db8:77:${k}::1` },
      });
      visitors.push(client);
      await client.until(() => client.visitor !== null && client.messages.some((m) => m.t === ("wall" as never)));
    }
    for (const [k, client] of visitors.entries())
      client.send({ t: "paint", n: 1, id: `paint-on-64-${k}`, cell: k, e: 1 });
    await until(() => visitors.every((c) => c.messages.some((m) => m.t === "ok" || m.t === "no")));
    const answers = visitors.map((c) => c.messages.find((m) => m.t === "ok" || m.t === "no")?.t);
    // Four visitors' worth per address key: the /56 is one key.
    expect(answers.filter((t) => t === "ok")).toHaveLength(4);
    for (const client of visitors) client.close();
  });
});

describe("the real server's visitor tokens on a /56", () => {
  const server = siteProcess({ TRUST_PROXY: "loopback", VISITOR_MINT_LIMIT: "3/1" });

  it("mints no more for all the /64s of one /56 than for one address, and says so to the page that waits", async () => {
    const visitors: LiveClient[] = [];
    for (let k = 1; k <= 4; k++) {
      visitors.push(
        await openLive(server.origin, ["polls"], { headers: { "X-Forwarded-For": `2001:db8:88:${k}::1` } }),
      );
    }
    await until(() => visitors.filter((c) => c.visitor !== null).length === 3);
    const waiting = visitors.find((c) => c.visitor === null) as LiveClient;
    waiting.send({ t: "vote", n: 1, q: 0, a: 0, device: "a-device-of-16-chars" });
    await until(() => waiting.messages.some((m) => m.t === "no"));
    expect(waiting.messages.find((m) => m.t === "no")).toMatchObject({
      topic: "polls",
      t: "no",
      n: 1,
      error: expect.stringMatching(/^The site is very busy: it takes this in \d+ s\.$/),
    });
    // Another /56 is another home.
    const elsewhere = await openLive(server.origin, ["polls"], { headers: { "X-Forwarded-For": "2001:db8:99:1::1" } });
    await until(() => elsewhere.visitor !== null);
    for (const client of [...visitors, elsewhere]) client.close();
  });
});
