import { describe, expect, it } from "vitest";
import { clientAddress, maskAddress } from "./client-address.ts";

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

describe("maskAddress", () => {
  it("never shows a whole address", () => {
    expect(maskAddress("203.0.113.7")).toBe("203.0.113.0/24");
    expect(maskAddress("2001:db8:1:2::/64")).toBe("2001:db8:1::/48");
    expect(maskAddress("unknown")).toBe("unknown");
  });
});
