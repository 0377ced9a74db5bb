import { isIP } from "node:net";

/**
 * Who a request comes from, for the rate limits: never the client's own word. Directly on the
 * internet it is the connection's address. Behind `trustedHops` proxies (TRUST_PROXY=n), each
 * appends the address it was connected from to X-Forwarded-For, so the client's address is the
 * n-th entry from the right; whatever lies left of it the client wrote itself. An entry that is
 * not an IP address is ignored (the connection's address, the proxy's, is used). IPv6 addresses
 * are grouped by /64, the block one home or phone is given, so a visitor cannot take a new
 * address for every request.
 */
export function clientAddress(
  socketAddress: string | undefined,
  forwardedFor: string | undefined,
  trustedHops: number,
) {
  let address = socketAddress;
  if (trustedHops > 0 && forwardedFor) {
    const entries = forwardedFor.split(",").map((entry) => entry.trim());
    const entry = entries[Math.max(0, entries.length - trustedHops)];
    const ip = entry === undefined ? undefined : withoutPort(entry);
    if (ip !== undefined && isIP(ip)) address = ip;
  }
  return address && isIP(address) ? groupKey(address) : "unknown";
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

/** The key a limit is kept under: an IPv4 address, or the /64 an IPv6 address belongs to. */
function groupKey(address: string): string {
  if (isIP(address) === 4) return address;
  const groups = ipv6Groups(address) as number[];
  // ::ffff:a.b.c.d is an IPv4 client on a dual-stack socket.
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    const [hi = 0, lo = 0] = groups.slice(6);
    return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`;
}

/** An address fit for a log line: the /24 of an IPv4 key, the /48 of an IPv6 one. */
export function maskAddress(key: string): string {
  if (isIP(key) === 4) return `${key.split(".").slice(0, 3).join(".")}.0/24`;
  if (key.endsWith("::/64")) return `${key.split(":").slice(0, 3).join(":")}::/48`;
  return "unknown";
}
