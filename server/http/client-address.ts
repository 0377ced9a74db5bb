import type { IncomingMessage } from "node:http";
import { isIP } from "node:net";
import proxyaddr from "proxy-addr";

/**
 * Which connections' X-Forwarded-For to believe (TRUST_PROXY): a number of proxies in front (the
 * old form, kept for compatibility: it believes whoever connects, so only for a port no client
 * can reach directly), or proxy-addr's test of an address, compiled from the proxies' addresses
 * and subnets ("10.0.0.0/8,127.0.0.1", "loopback", "uniquelocal"), as Express's `trust proxy`.
 */
export type Trust = number | ((address: string, hop: number) => boolean);

/**
 * TRUST_PROXY's value as a Trust: "0" to "999" (or "false", "true": 0 and 1) is a hop count,
 * anything else a comma-separated list of addresses, subnets (CIDR or netmask) and proxy-addr's
 * names loopback, linklocal and uniquelocal. Throws a TypeError for an entry that is none of
 * those.
 */
export function proxyTrust(setting: string): Trust {
  const text = setting.trim();
  if (/^\d{1,3}$/.test(text)) return Number(text);
  if (text === "false" || text === "true") return text === "true" ? 1 : 0;
  const entries = text.split(",").map((entry) => entry.trim());
  if (entries.some((entry) => entry === "")) throw new TypeError(`an empty entry in "${text}"`);
  return proxyaddr.compile(entries);
}

/**
 * The address a request comes from, as proxies we trust report it, never the client's own word.
 * Directly on the internet, and on any connection that is not from a trusted proxy, it is the
 * connection's address. From a trusted proxy, X-Forwarded-For is read from the right, past each
 * address that is itself a trusted proxy (or, with a hop count n, the n-th entry from the right);
 * whatever lies left of it the client wrote itself. A port some proxies add is dropped; an entry
 * that is not an IP address is ignored (the connection's address, the proxy's, is used).
 */
export function forwardedAddress(
  socketAddress: string | undefined,
  forwardedFor: string | undefined,
  trust: Trust,
): string | undefined {
  const trusted = typeof trust === "number" ? (_: string, hop: number) => hop < trust : trust;
  let address = socketAddress;
  if (forwardedFor) {
    const entries = forwardedFor.split(",").map((entry) => withoutPort(entry.trim()));
    // proxy-addr reads a request; it is handed just what it reads.
    const request = { socket: { remoteAddress: socketAddress }, headers: { "x-forwarded-for": entries.join(",") } };
    const chosen = proxyaddr(request as unknown as IncomingMessage, trusted);
    if (chosen !== undefined && isIP(chosen)) address = chosen;
  }
  return address && isIP(address) ? address : undefined;
}

/**
 * Who a request comes from, for the rate limits and caps: forwardedAddress, as a key. IPv6
 * addresses are grouped by /64, the block one home or phone is given, so a visitor cannot take a
 * new address for every request.
 */
export function clientAddress(socketAddress: string | undefined, forwardedFor: string | undefined, trust: Trust) {
  const address = forwardedAddress(socketAddress, forwardedFor, trust);
  return address ? groupKey(address) : "unknown";
}

/** "1.2.3.4:5678" and "[2001:db8::1]:443" as some proxies write them, without the port. */
function withoutPort(entry: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(entry);
  if (bracketed) return bracketed[1] as string;
  const v4 = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(entry);
  return v4 ? (v4[1] as string) : entry;
}

/** The eight 16-bit groups of an IPv6 address, or null for an IPv4 address in IPv6 clothes. */
function ipv6Groups(address: string): number[] | null {
  let text = address.toLowerCase().split("%")[0] as string;
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const middle = tail === undefined ? [] : Array(8 - left.length - right.length).fill("0");
  return [...left, ...middle, ...right].map((group) => Number.parseInt(group || "0", 16));
}

/** The IPv4 address of ::ffff:a.b.c.d (an IPv4 client on a dual-stack socket), else null. */
function mappedIPv4(groups: number[]): string | null {
  if (!groups.slice(0, 5).every((g) => g === 0) || groups[5] !== 0xffff) return null;
  const [hi = 0, lo = 0] = groups.slice(6);
  return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
}

/** The key a limit is kept under: an IPv4 address, or the /64 an IPv6 address belongs to. */
function groupKey(address: string): string {
  if (isIP(address) === 4) return address;
  const groups = ipv6Groups(address) as number[];
  return (
    mappedIPv4(groups) ??
    `${groups
      .slice(0, 4)
      .map((g) => g.toString(16))
      .join(":")}::/64`
  );
}

/**
 * The /56 an IPv6 address, or a clientAddress key ("2001:db8:1:2::/64"), belongs to; an IPv4
 * address as it is. Many providers give a home a /56, 256 /64s: a cap per address that counts
 * only the /64 lets one home open 256 times as many. "unknown" for anything else.
 */
export function prefix56Key(address: string): string {
  const ip = address.endsWith("::/64") ? address.slice(0, -3) : address;
  const kind = isIP(ip);
  if (kind === 4) return ip;
  if (kind !== 6) return "unknown";
  const groups = ipv6Groups(ip) as number[];
  const [a = 0, b = 0, c = 0, d = 0] = groups;
  return mappedIPv4(groups) ?? `${[a, b, c, d & 0xff00].map((g) => g.toString(16)).join(":")}::/56`;
}

/**
 * Every key a limit counts a client under, decided here once for every limit (the live channel's
 * caps, each toy's limits, the mint of visitor tokens, the API's): its address key (an IPv4
 * address, an IPv6 /64), and for IPv6 the /56 it belongs to as well, so that a home or a tunnel
 * given a /56 (256 /64s) or more is not 256 visitors to a limit. "unknown" stays one key.
 */
export function limitKeys(address: string): string[] {
  const block = prefix56Key(address);
  return block === address || block === "unknown" ? [address] : [address, block];
}

/** An address fit for a log line: the /24 of an IPv4 key, the /48 of an IPv6 one. */
export function maskAddress(key: string): string {
  if (isIP(key) === 4) return `${key.split(".").slice(0, 3).join(".")}.0/24`;
  if (/::\/(56|64)$/.test(key)) return `${key.split(":").slice(0, 3).join(":")}::/48`;
  return "unknown";
}
