import type { IncomingMessage } from "node:http";
import { isIP } from "node:net";
import proxyaddr from "proxy-addr";
import type { Logger } from "../ops/log.ts";
import type { Metrics } from "../ops/metrics.ts";
import { maskAddress, type Trust } from "./client-address.ts";

/**
 * What arrives at the server, read for signs of a proxy in front that is set up wrong, which the
 * visitors would otherwise only see as "the shared toys do not work here" (issue 45: nginx's
 * common `proxy_set_header Host $host;` drops the port, and every upgrade was refused as another
 * site's page). Three signs, each named in the log (at most once a minute each), counted
 * (`pointless_proxy_warnings_total{kind}`) and listed by /readyz while they last (a minute after
 * the last one):
 *
 * - `host-port`: a page's Origin names this host with a port the Host header lacks (or the other
 *   way round): the proxy rewrote Host without its port, so the page's own channel is refused as
 *   another site's.
 * - `untrusted-forwarded-for`: X-Forwarded-For arrives on connections from a loopback or private
 *   address TRUST_PROXY does not name (where a proxy of ours would be; a client on the internet
 *   that writes the header itself is no sign of anything): if that is our proxy, every visitor
 *   behind it counts as its one address.
 * - `one-address`: every request of the last minute came from one address, though many visitors
 *   asked (distinct visitor tokens, or many requests): a proxy in front whose X-Forwarded-For is
 *   not believed (TRUST_PROXY unset), so every limit is shared by everyone.
 */
export type ProxyWarningKind = "host-port" | "untrusted-forwarded-for" | "one-address";

const WINDOW_MS = 60_000;
/** Where a proxy of the operator's would connect from: loopback, link-local, private networks. */
const nearby = proxyaddr.compile(["loopback", "linklocal", "uniquelocal"]);
/**
 * Requests in a window from one address, with no other, before it reads as "everyone is one
 * address": more than one person's browsing makes (16 a second for a minute).
 */
const ONE_ADDRESS_AFTER = 1000;

const ADVICE: Record<ProxyWarningKind, string> = {
  "host-port":
    "the proxy in front passes Host without the port the page used: pass it whole (nginx: proxy_set_header Host $http_host;), or the shared toys' channel is refused as another site's",
  "untrusted-forwarded-for":
    "X-Forwarded-For arrives from a proxy TRUST_PROXY does not name: if it is yours, name it (TRUST_PROXY=its address or subnet), or every visitor behind it shares one address's limits",
  "one-address":
    "every request of the last minute came from one address: if a proxy is in front, name it in TRUST_PROXY so each visitor is known by its own address",
};

export function createProxyCheck({
  trust,
  log,
  metrics,
  now = Date.now,
}: {
  trust: Trust;
  log: Logger;
  metrics?: Metrics;
  now?: () => number;
}) {
  /** When each kind was last seen, and last logged. */
  const seen = new Map<ProxyWarningKind, { at: number; logged: number; detail: Record<string, unknown> }>();
  let window = { start: now(), addresses: new Map<string, number>() };

  function warn(kind: ProxyWarningKind, detail: Record<string, unknown>) {
    const t = now();
    const known = seen.get(kind);
    metrics?.proxyWarnings.inc({ kind });
    if (known && t - known.logged < WINDOW_MS) {
      known.at = t;
      known.detail = detail;
      return;
    }
    seen.set(kind, { at: t, logged: t, detail });
    log.warn(`proxy: ${ADVICE[kind]}`, { kind, ...detail });
  }

  const trusted = (address: string) => (typeof trust === "number" ? trust > 0 : trust(address, 0));

  return {
    /** A request or an upgrade as it arrived (before anything refused it). */
    arrived(req: IncomingMessage) {
      const socketAddress = req.socket.remoteAddress ?? "";
      const forwarded = req.headers["x-forwarded-for"];
      if (forwarded !== undefined && isIP(socketAddress) && nearby(socketAddress, 0) && !trusted(socketAddress)) {
        warn("untrusted-forwarded-for", { from: maskAddress(socketAddress) });
      }
      const t = now();
      if (t - window.start > WINDOW_MS) {
        const [only, count] = window.addresses.size === 1 ? ([...window.addresses][0] ?? []) : [];
        if (only !== undefined && (count ?? 0) >= ONE_ADDRESS_AFTER && !trusted(only)) {
          warn("one-address", { address: maskAddress(only), requests: count });
        }
        window = { start: t, addresses: new Map() };
      }
      // At most a few entries matter: past two addresses the sign cannot be.
      if (window.addresses.size < 2 || window.addresses.has(socketAddress)) {
        window.addresses.set(socketAddress, (window.addresses.get(socketAddress) ?? 0) + 1);
      }
    },
    /** An upgrade refused because its Origin is not this host: a proxy's doing when only the port differs. */
    originRefused(origin: string, host: string | undefined) {
      try {
        const url = new URL(origin);
        const [hostName] = (host ?? "").split(":");
        if (host && url.hostname === hostName && url.host !== host) {
          warn("host-port", { origin: url.host, host });
        }
      } catch {
        // Not a URL: a page of no site at all.
      }
    },
    /** The signs seen in the last minute, for /readyz. */
    warnings(): { kind: ProxyWarningKind; advice: string }[] {
      const t = now();
      return [...seen].filter(([, { at }]) => t - at < WINDOW_MS).map(([kind]) => ({ kind, advice: ADVICE[kind] }));
    },
  };
}

export type ProxyCheck = ReturnType<typeof createProxyCheck>;
