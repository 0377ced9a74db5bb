import { afterEach, describe, expect, it } from "vitest";
import { startSiteProcess, stopProcess } from "../../scripts/lib/local-servers.ts";
import { openLive, refusedAsBusy } from "../test/live-client.ts";
import { makeSiteFixture } from "../test/site-fixture.ts";

/**
 * TRUST_PROXY naming the proxies, against the real server: these tests connect from 127.0.0.1,
 * so with `loopback` they are a proxy whose X-Forwarded-For counts, and with `10.0.0.0/8` a
 * client that reached the port directly, whose X-Forwarded-For is its own invention.
 */
const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});

async function serverTrusting(trust: string) {
  const site = makeSiteFixture();
  const server = await startSiteProcess({
    SITE_DIR: site.client,
    COUNTER_DATA_DIR: site.dataDir,
    TRUST_PROXY: trust,
    COUNTER_READ_LIMIT: "2/1",
    LIVE_MAX_PER_ADDRESS: "2",
  });
  stops.push(async () => {
    await stopProcess(server.child);
    site.remove();
  });
  const read = async (forwardedFor: string) =>
    (await fetch(`${server.origin}/api/clicks`, { headers: { "X-Forwarded-For": forwardedFor } })).status;
  return { origin: server.origin, read };
}

describe("TRUST_PROXY naming the proxies", () => {
  it("believes X-Forwarded-For from a trusted proxy: each client has its own limit", async () => {
    const { read } = await serverTrusting("loopback");
    expect([await read("203.0.113.1"), await read("203.0.113.1"), await read("203.0.113.1")]).toEqual([200, 200, 429]);
    expect(await read("203.0.113.2")).toBe(200);
    // What a client wrote before the proxy's entry changes nothing.
    expect(await read("6.6.6.6, 203.0.113.1")).toBe(429);
  });

  it("ignores X-Forwarded-For from any other connection: a new header is not a new client", async () => {
    const { read } = await serverTrusting("10.0.0.0/8,192.168.0.1");
    expect([await read("203.0.113.1"), await read("203.0.113.2")]).toEqual([200, 200]);
    expect(await read("203.0.113.3")).toBe(429);
    expect(await read("10.0.0.5")).toBe(429);
  });

  it("does the same for the live channel's cap per address", async () => {
    const { origin } = await serverTrusting("10.0.0.0/8");
    const from = (address: string) => ({ headers: { "X-Forwarded-For": address } });
    const open = await Promise.all(["203.0.113.1", "203.0.113.2"].map((a) => openLive(origin, ["bubbles"], from(a))));
    expect((await refusedAsBusy(origin, ["bubbles"], from("203.0.113.3"))).t).toBe("busy");
    for (const client of open) client.close();

    const { origin: behind } = await serverTrusting("loopback");
    const clients = await Promise.all(
      ["203.0.113.1", "203.0.113.2", "203.0.113.3"].map((a) => openLive(behind, ["bubbles"], from(a))),
    );
    expect(clients).toHaveLength(3);
    for (const client of clients) client.close();
  });
});
