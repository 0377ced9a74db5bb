import type { ChildProcess } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { CLOSE, liveUrl } from "../../contracts/live.ts";
import { startRedis, startSiteProcess, stopProcess } from "../../scripts/lib/local-servers.ts";
import { makeSiteFixture } from "../test/site-fixture.ts";
import { siteProcess } from "../test/site-process.ts";

/**
 * Issue 56: eleven addresses could hold every channel of a process (and, the caps being counted
 * per process, of every process of a fleet), and a visitor from a twelfth was told the site is
 * busy. The real server process, its clients bound to loopback addresses of their own
 * (127.0.0.2, 127.0.0.3 ...: the server sees each as another address).
 */

interface Held {
  ws: WebSocket;
  closed: Promise<{ code: number; said: string[] }>;
}

/** A channel from `localAddress` (or through a proxy, `forwardedFor`): held once open, or how it was refused. */
function channel(origin: string, { localAddress, forwardedFor }: { localAddress?: string; forwardedFor?: string }) {
  const ws = new WebSocket(origin.replace(/^http/, "ws") + liveUrl(["clicks"]), {
    localAddress,
    headers: forwardedFor ? { "X-Forwarded-For": forwardedFor } : {},
  });
  const said: string[] = [];
  ws.on("message", (data, isBinary) => {
    if (!isBinary) said.push(data.toString());
  });
  ws.on("error", () => {});
  const closed = new Promise<{ code: number; said: string[] }>((resolve) =>
    ws.on("close", (code) => resolve({ code, said })),
  );
  // Open, and not only to be told it is busy: the server has said something of the channel's own.
  return new Promise<Held | { refused: number; said: string[] }>((resolve) => {
    ws.on("message", (data, isBinary) => {
      if (isBinary) return;
      const text = data.toString();
      if (!text.startsWith('{"t":"busy"')) resolve({ ws, closed });
    });
    void closed.then(({ code }) => resolve({ refused: code, said }));
  });
}

const isHeld = (result: Held | { refused: number }): result is Held => "ws" in result;

describe("a full process, on SQLite", () => {
  const server = siteProcess({ LIVE_MAX_CONNECTIONS: "110", LIVE_MAX_PER_ADDRESS: "10" });
  const open: Held[] = [];
  afterAll(() => {
    for (const held of open) held.ws.terminate();
  });

  it("admits a fresh address while eleven hold all they may, and the heaviest yields its place", async () => {
    const attackers = Array.from({ length: 11 }, (_, k) => `127.0.0.${k + 2}`);
    for (const localAddress of attackers) {
      const results = await Promise.all(Array.from({ length: 11 }, () => channel(server.origin, { localAddress })));
      // Ten each, the eleventh refused: all they may.
      expect(results.filter(isHeld)).toHaveLength(10);
      open.push(...results.filter(isHeld));
    }
    const fresh = await channel(server.origin, { localAddress: "127.0.0.20" });
    expect(isHeld(fresh), JSON.stringify(fresh)).toBe(true);
    if (isHeld(fresh)) open.push(fresh);
    const yielded = await Promise.race(open.slice(0, -1).map((held) => held.closed));
    expect(yielded.code).toBe(CLOSE.busy);
    expect(yielded.said.map((text) => JSON.parse(text).t)).toContain("busy");
  });

  it("lets a school behind one address in beside them, none of its pages made to wait", async () => {
    const school = await Promise.all(
      Array.from({ length: 5 }, () => channel(server.origin, { localAddress: "127.0.0.21" })),
    );
    expect(school.filter(isHeld)).toHaveLength(5);
    open.push(...school.filter(isHeld));
  });
});

describe("two servers on one Redis", () => {
  let redis: { url: string; child: ChildProcess };
  let site: ReturnType<typeof makeSiteFixture>;
  const servers: { origin: string; child: ChildProcess }[] = [];
  const open: Held[] = [];
  beforeAll(async () => {
    site = makeSiteFixture();
    redis = await startRedis();
    for (let k = 0; k < 2; k++) {
      servers.push(
        await startSiteProcess({
          SITE_DIR: site.client,
          REDIS_URL: redis.url,
          TRUST_PROXY: "loopback",
          LIVE_MAX_PER_ADDRESS: "3",
          LIVE_MAX_PER_BLOCK: "4",
        }),
      );
    }
  }, 30_000);
  afterAll(async () => {
    for (const held of open) held.ws.terminate();
    await Promise.all(servers.map((s) => stopProcess(s.child)));
    if (redis) await stopProcess(redis.child);
    site?.remove();
  });

  it("count one address's channels across the fleet: its fourth is refused on either server", async () => {
    const [a, b] = servers as unknown as [{ origin: string }, { origin: string }];
    const from = "198.51.100.7";
    for (const origin of [a.origin, a.origin, b.origin]) {
      const held = await channel(origin, { forwardedFor: from });
      expect(isHeld(held)).toBe(true);
      if (isHeld(held)) open.push(held);
    }
    for (const origin of [a.origin, b.origin]) {
      const refused = await channel(origin, { forwardedFor: from });
      expect(refused).toEqual({
        refused: CLOSE.busy,
        said: [expect.stringContaining("Very many people share this network right now.")],
      });
    }
    // One closed on the first server makes room on the second.
    const first = open.shift() as Held;
    first.ws.close();
    await first.closed;
    await expect
      .poll(async () => {
        const again = await channel(b.origin, { forwardedFor: from });
        if (isHeld(again)) open.push(again);
        return isHeld(again);
      })
      .toBe(true);
  });

  it("count an IPv6 /56 across the fleet as one", async () => {
    const [a, b] = servers as unknown as [{ origin: string }, { origin: string }];
    const held = await Promise.all(
      ["2001:db8:5:1::1", "2001:db8:5:2::1", "2001:db8:5:3::1", "2001:db8:5:4::1"].map((address, k) =>
        channel(k % 2 ? b.origin : a.origin, { forwardedFor: address }),
      ),
    );
    expect(held.filter(isHeld)).toHaveLength(4);
    open.push(...held.filter(isHeld));
    const refused = await channel(a.origin, { forwardedFor: "2001:db8:5:9::1" });
    expect(isHeld(refused)).toBe(false);
  });
});
