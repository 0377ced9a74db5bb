import type { ChildProcess } from "node:child_process";
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { CLOSE, liveUrl } from "../../contracts/live.ts";
import { startRedis, startSiteProcess, stopProcess } from "../../scripts/lib/local-servers.ts";
import { makeSiteFixture } from "../test/site-fixture.ts";
import { siteProcess } from "../test/site-process.ts";
import { TOO_MANY_NEW } from "./refusals.ts";

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

/**
 * An upgrade that is answered, then hangs up without a word (no pong to the server's ping): the
 * status line of the answer it got.
 */
function upgradeThenHangUp(origin: string, localAddress: string): Promise<string> {
  const { port, host } = new URL(origin);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: "127.0.0.1", port: Number(port), localAddress });
    socket.on("error", reject);
    socket.once("data", (data) => {
      resolve(data.toString().split("\r\n")[0] ?? "");
      socket.destroy();
    });
    socket.write(
      `GET ${liveUrl(["clicks"])} HTTP/1.1\r\nHost: ${host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
        "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n",
    );
  });
}

/** The channels of `held` closed by now: each open one answers a ping (a closed one would have said so first). */
async function closedOf(held: Held[]): Promise<Held[]> {
  const open = await Promise.all(
    held.map(
      (channel) =>
        new Promise<boolean>((resolve) => {
          if (channel.ws.readyState !== WebSocket.OPEN) return resolve(false);
          channel.ws.once("pong", () => resolve(true));
          void channel.closed.then(() => resolve(false));
          channel.ws.ping();
        }),
    ),
  );
  return held.filter((_, k) => !open[k]);
}

describe("a client that holds nothing, while the process is full (issue 66)", () => {
  const server = siteProcess({ LIVE_MAX_CONNECTIONS: "20", LIVE_UPGRADE_LIMIT: "40/40" });
  const open: Held[] = [];
  afterAll(() => {
    for (const held of open) held.ws.terminate();
  });
  const from = (localAddress: string, n: number) =>
    Promise.all(Array.from({ length: n }, () => channel(server.origin, { localAddress })));

  it("closes no school channel with upgrades refused for its own limit, or answered and abandoned", async () => {
    const attacker = "127.0.0.30";
    // It spends its 40 upgrades while the process has room.
    for (let k = 0; k < 40; k++) {
      const held = await channel(server.origin, { localAddress: attacker });
      if (!isHeld(held)) throw new Error(`upgrade ${k} refused: ${JSON.stringify(held)}`);
      held.ws.close();
      await held.closed;
    }
    // The school's pages: each one closed comes back, as a page does (here at once), so the
    // process is full again at the attacker's next request.
    const school = new Set<Held>();
    let schoolClosed = 0;
    let closedNow = () => {};
    const schoolPage = async (): Promise<boolean> => {
      const held = await channel(server.origin, { localAddress: "127.0.0.31" });
      // Refused, a page waits as it is told (not modelled here).
      if (!isHeld(held)) return false;
      school.add(held);
      open.push(held);
      void held.closed.then(() => {
        school.delete(held);
        schoolClosed++;
        closedNow();
        void schoolPage();
      });
      return true;
    };
    expect(await Promise.all(Array.from({ length: 15 }, schoolPage))).toEqual(Array(15).fill(true));
    const home = (await from("127.0.0.32", 5)).filter(isHeld);
    open.push(...home);
    expect([school.size, home.length]).toEqual([15, 5]);

    // Ten more from the attacker, each refused for its own limit.
    for (let k = 0; k < 10; k++) {
      const refused = await channel(server.origin, { localAddress: attacker });
      expect(isHeld(refused)).toBe(false);
      expect(JSON.stringify(refused)).toContain(TOO_MANY_NEW);
    }
    // Ten from another address that pass every check, are answered, and hang up at once.
    for (let k = 0; k < 10; k++) {
      expect(await upgradeThenHangUp(server.origin, "127.0.0.33")).toBe("HTTP/1.1 101 Switching Protocols");
    }
    expect(await closedOf([...school])).toEqual([]);
    expect(schoolClosed).toBe(0);
    expect(await closedOf(home)).toEqual([]);

    // A page that stays takes one place, from the school (the heaviest), once it answers.
    const yielded = new Promise<void>((resolve) => {
      closedNow = resolve;
    });
    const newcomer = await channel(server.origin, { localAddress: "127.0.0.34" });
    expect(isHeld(newcomer), JSON.stringify(newcomer)).toBe(true);
    if (isHeld(newcomer)) open.push(newcomer);
    await yielded;
    expect(schoolClosed).toBe(1);
    expect(await closedOf(home)).toEqual([]);
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
