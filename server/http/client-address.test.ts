import { describe, expect, it } from "vitest";
import { clientAddress, maskAddress, prefix56Key, proxyTrust } from "./client-address.ts";

describe("clientAddress", () => {
  it("is the connection's address when no proxy is trusted, whatever X-Forwarded-For says", () => {
    expect(clientAddress("203.0.113.7", "198.51.100.1", 0)).toBe("203.0.113.7");
    expect(clientAddress("::ffff:203.0.113.7", undefined, 0)).toBe("203.0.113.7");
  });

  it("behind one proxy, takes the entry the proxy appended, not what the client wrote before it", () => {
    // The client sent "X-Forwarded-For: 1.1.1.1"; the load balancer appended the real address.
    expect(clientAddress("10.0.0.2", "1.1.1.1, 203.0.113.7", 1)).toBe("203.0.113.7");
    expect(clientAddress("10.0.0.2", "203.0.113.7", 1)).toBe("203.0.113.7");
    // Two headers are joined by Node with ", ": still the rightmost.
    expect(clientAddress("10.0.0.2", "1.1.1.1, 2.2.2.2, 203.0.113.7", 1)).toBe("203.0.113.7");
  });

  it("behind two proxies, counts two hops from the right", () => {
    expect(clientAddress("10.0.0.2", "6.6.6.6, 203.0.113.7, 192.0.2.50", 2)).toBe("203.0.113.7");
    // A request that reached the inner proxy directly has one entry: the address it came from.
    expect(clientAddress("10.0.0.2", "203.0.113.9", 2)).toBe("203.0.113.9");
  });

  it("ignores an entry that is not an address, and uses the proxy's (the connection's)", () => {
    expect(clientAddress("10.0.0.2", "not-an-ip", 1)).toBe("10.0.0.2");
    expect(clientAddress("10.0.0.2", `1.1.1.1, ${"x".repeat(16_000)}`, 1)).toBe("10.0.0.2");
    expect(clientAddress("10.0.0.2", "", 1)).toBe("10.0.0.2");
    expect(clientAddress(undefined, "garbage", 1)).toBe("unknown");
  });

  it("drops a port some proxies add", () => {
    expect(clientAddress("10.0.0.2", "203.0.113.7:51234", 1)).toBe("203.0.113.7");
    expect(clientAddress("10.0.0.2", "[2001:db8::1]:443", 1)).toBe("2001:db8:0:0::/64");
  });

  it("groups IPv6 addresses by /64, so a new address per request is still one visitor", () => {
    const a = clientAddress("2001:db8:1:2:aaaa::1", undefined, 0);
    const b = clientAddress("2001:db8:1:2:ffff:eeee:dddd:cccc", undefined, 0);
    const other = clientAddress("2001:db8:1:3::1", undefined, 0);
    expect(a).toBe("2001:db8:1:2::/64");
    expect(b).toBe(a);
    expect(other).not.toBe(a);
    expect(clientAddress("10.0.0.2", "2001:db8:1:2::9", 1)).toBe(a);
    expect(clientAddress("::1", undefined, 0)).toBe("0:0:0:0::/64");
    expect(clientAddress("fe80::1%eth0", undefined, 0)).toBe("fe80:0:0:0::/64");
  });

  it("keeps every key short, whatever the client sends", () => {
    for (const header of ["1.1.1.1", "a".repeat(10_000), "::ffff:1.2.3.4", ", , ,", "[::1]"]) {
      expect(clientAddress("127.0.0.1", header, 1).length).toBeLessThanOrEqual(40);
    }
  });
});

describe("clientAddress behind proxies named by address (TRUST_PROXY=10.0.0.0/8,...)", () => {
  const lan = proxyTrust("10.0.0.0/8, 192.168.1.1");

  it("ignores X-Forwarded-For from a connection that is not one of the proxies", () => {
    // A client that reaches the port directly writes what it likes: its own address counts.
    expect(clientAddress("203.0.113.50", "1.1.1.1", lan)).toBe("203.0.113.50");
    expect(clientAddress("203.0.113.50", "10.0.0.3, 1.1.1.1", lan)).toBe("203.0.113.50");
    expect(clientAddress("2001:db8::5", "1.1.1.1", lan)).toBe("2001:db8:0:0::/64");
    expect(clientAddress("192.168.1.2", "1.1.1.1", lan)).toBe("192.168.1.2");
  });

  it("takes the address the nearest proxy we do not run was seen from, through a chain of ours", () => {
    expect(clientAddress("10.0.0.2", "203.0.113.7", lan)).toBe("203.0.113.7");
    expect(clientAddress("10.0.0.2", "1.1.1.1, 203.0.113.7", lan)).toBe("203.0.113.7");
    // A CDN's edge (10.9.9.9) and our balancer (192.168.1.1), both ours: the entry before them.
    expect(clientAddress("192.168.1.1", "6.6.6.6, 203.0.113.7, 10.9.9.9", lan)).toBe("203.0.113.7");
    // An IPv4 proxy on a dual-stack socket is still that proxy.
    expect(clientAddress("::ffff:10.0.0.2", "203.0.113.7", lan)).toBe("203.0.113.7");
    // Every entry ours: the leftmost is the client.
    expect(clientAddress("10.0.0.2", "10.0.0.7", lan)).toBe("10.0.0.7");
  });

  it("keeps the rest: ports dropped, entries that are not addresses ignored, IPv6 by /64", () => {
    expect(clientAddress("10.0.0.2", "203.0.113.7:51234", lan)).toBe("203.0.113.7");
    expect(clientAddress("10.0.0.2", "[2001:db8:1:2::9]:443", lan)).toBe("2001:db8:1:2::/64");
    expect(clientAddress("10.0.0.2", "not-an-ip", lan)).toBe("10.0.0.2");
    expect(clientAddress("10.0.0.2", `1.1.1.1, ${"x".repeat(16_000)}`, lan)).toBe("10.0.0.2");
    expect(clientAddress(undefined, "203.0.113.7", lan)).toBe("unknown");
  });

  it("reads names, subnets, masks and IPv6, and hop counts as before", () => {
    expect(clientAddress("127.0.0.1", "203.0.113.7", proxyTrust("loopback"))).toBe("203.0.113.7");
    expect(clientAddress("::1", "203.0.113.7", proxyTrust("loopback"))).toBe("203.0.113.7");
    expect(clientAddress("10.0.0.2", "203.0.113.7", proxyTrust("loopback"))).toBe("10.0.0.2");
    expect(clientAddress("10.1.2.3", "203.0.113.7", proxyTrust("10.1.0.0/255.255.0.0"))).toBe("203.0.113.7");
    expect(clientAddress("fd00::1", "203.0.113.7", proxyTrust("fd00::/8, loopback"))).toBe("203.0.113.7");
    expect(clientAddress("203.0.113.50", "1.1.1.1", proxyTrust("1"))).toBe("1.1.1.1");
    expect(clientAddress("203.0.113.50", "1.1.1.1", proxyTrust("true"))).toBe("1.1.1.1");
    for (const none of ["0", "false"])
      expect(clientAddress("203.0.113.50", "1.1.1.1", proxyTrust(none))).toBe("203.0.113.50");
  });

  it("refuses a setting that names no address", () => {
    for (const bad of ["yes", "10.0.0.0/33", "10.0.0.0/x", "300.1.1.1", "loopback,", "local", "1.5", "-1", ""]) {
      expect(() => proxyTrust(bad), bad).toThrow();
    }
  });
});

describe("prefix56Key", () => {
  it("is the /56 of an IPv6 address or /64 key, and an IPv4 address as it is", () => {
    expect(prefix56Key("2001:db8:1:2ff::1")).toBe("2001:db8:1:200::/56");
    expect(prefix56Key("2001:db8:1:2ff::/64")).toBe("2001:db8:1:200::/56");
    expect(prefix56Key("2001:db8:1:2::")).toBe("2001:db8:1:0::/56");
    expect(prefix56Key("2001:db8:1:2::9")).toBe(prefix56Key("2001:db8:1:ff::1"));
    expect(prefix56Key("2001:db8:1:100::1")).not.toBe(prefix56Key("2001:db8:1:ff::1"));
    expect(prefix56Key("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(prefix56Key("203.0.113.7")).toBe("203.0.113.7");
    expect(prefix56Key("unknown")).toBe("unknown");
    expect(prefix56Key("garbage::/64")).toBe("unknown");
  });

  it("groups every /64 a home is given under one key", () => {
    const homes = new Set<string>();
    for (let i = 0; i < 256; i++)
      homes.add(prefix56Key(clientAddress(`2001:db8:aa:bb${i.toString(16).padStart(2, "0")}::1`, undefined, 0)));
    expect([...homes]).toEqual(["2001:db8:aa:bb00::/56"]);
  });
});

describe("maskAddress", () => {
  it("never shows a whole address", () => {
    expect(maskAddress("203.0.113.7")).toBe("203.0.113.0/24");
    expect(maskAddress("2001:db8:1:2::/64")).toBe("2001:db8:1::/48");
    expect(maskAddress("2001:db8:1:200::/56")).toBe("2001:db8:1::/48");
    expect(maskAddress("unknown")).toBe("unknown");
  });
});
