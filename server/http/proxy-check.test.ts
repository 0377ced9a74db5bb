import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import WebSocket from "ws";
import { liveUrl } from "../../contracts/live.ts";
import { createLogger } from "../ops/log.ts";
import { createMetrics } from "../ops/metrics.ts";
import { siteProcess } from "../test/site-process.ts";
import { until } from "../test/until.ts";
import { proxyTrust } from "./client-address.ts";
import { createProxyCheck } from "./proxy-check.ts";

/**
 * A proxy in front set up wrong is named, not hidden (issue 45): what arrives is read for its
 * signs, each logged at most once a minute, counted, and listed by /readyz while it lasts.
 */
function checked(trust = proxyTrust("loopback")) {
  const lines: { level: string; msg: string; kind?: string }[] = [];
  let t = 1_800_000_000_000;
  const metrics = createMetrics();
  const check = createProxyCheck({
    trust,
    log: createLogger("info", (line) => lines.push(JSON.parse(line))),
    metrics,
    now: () => t,
  });
  const request = (from: string, forwardedFor?: string) =>
    ({
      socket: { remoteAddress: from },
      headers: forwardedFor === undefined ? {} : { "x-forwarded-for": forwardedFor },
    }) as unknown as IncomingMessage;
  return { check, lines, metrics, request, later: (ms: number) => (t += ms) };
}

describe("the proxy check", () => {
  it("names a Host rewritten without its port, once a minute however often it is seen, and forgets it after a quiet minute", async () => {
    const { check, lines, metrics, later } = checked();
    for (let k = 0; k < 5; k++) check.originRefused("http://toys.example:8080", "toys.example");
    // Another site's page is not a proxy's doing.
    check.originRefused("https://evil.example", "toys.example");
    check.originRefused("null", "toys.example");
    expect(lines.filter((l) => l.kind === "host-port")).toHaveLength(1);
    expect(lines[0]?.msg).toMatch(/proxy_set_header Host \$http_host/);
    expect(check.warnings().map((w) => w.kind)).toEqual(["host-port"]);
    expect(await metrics.registry.metrics()).toContain('pointless_proxy_warnings_total{kind="host-port"} 5');
    later(61_000);
    check.originRefused("http://toys.example:8080", "toys.example");
    expect(lines.filter((l) => l.kind === "host-port")).toHaveLength(2);
    later(61_000);
    expect(check.warnings()).toEqual([]);
  });

  it("names X-Forwarded-For from a nearby proxy TRUST_PROXY does not name, not from one it names or a client on the internet", () => {
    const { check, lines, request } = checked(proxyTrust("10.0.0.0/8"));
    check.arrived(request("10.1.2.3", "203.0.113.9"));
    // A client on the internet writing the header itself: no proxy of ours is there.
    check.arrived(request("198.51.100.7", "6.6.6.6"));
    expect(check.warnings()).toEqual([]);
    check.arrived(request("192.168.1.10", "203.0.113.9"));
    expect(check.warnings().map((w) => w.kind)).toEqual(["untrusted-forwarded-for"]);
    expect(lines[0]).toMatchObject({ level: "warn", kind: "untrusted-forwarded-for" });
  });

  it("names a minute in which every one of many requests came from one address nobody vouches for", () => {
    const { check, request, later } = checked(proxyTrust("10.0.0.0/8"));
    for (let k = 0; k < 1000; k++) check.arrived(request("192.0.2.50"));
    later(61_000);
    check.arrived(request("192.0.2.50"));
    expect(check.warnings().map((w) => w.kind)).toEqual(["one-address"]);
    // Two addresses in a minute: a proxy's X-Forwarded-For is believed, or there is no proxy.
    const other = checked(proxyTrust("10.0.0.0/8"));
    for (let k = 0; k < 1000; k++) other.check.arrived(other.request(k % 2 ? "192.0.2.50" : "192.0.2.51"));
    other.later(61_000);
    other.check.arrived(other.request("192.0.2.50"));
    expect(other.check.warnings()).toEqual([]);
  });
});

describe("the server behind a proxy that drops the port from Host", () => {
  const server = siteProcess();

  it("refuses the channel as another site's, says why in its log once, and lists it on /readyz", async () => {
    const refused = async () => {
      const ws = new WebSocket(server.origin.replace(/^http/, "ws") + liveUrl(["clicks"]), {
        // What nginx's `proxy_set_header Host $host;` passes for a page on port 8080.
        headers: { Host: "localhost", Origin: "http://localhost:8080" },
      });
      return new Promise<number>((resolve) => {
        ws.once("unexpected-response", (_, response) => resolve(response.statusCode ?? 0));
        ws.once("open", () => resolve(101));
        ws.on("error", () => {});
      });
    };
    for (let k = 0; k < 3; k++) expect(await refused()).toBe(403);
    await until(() => server.logs.some((line) => line.includes('"kind":"host-port"')));
    expect(server.logs.filter((line) => line.includes('"kind":"host-port"'))).toHaveLength(1);
    const ready = (await (await fetch(`${server.origin}/readyz`)).json()) as {
      ready: boolean;
      warnings?: { kind: string; advice: string }[];
    };
    expect(ready.ready).toBe(true);
    expect(ready.warnings?.map((w) => w.kind)).toEqual(["host-port"]);
    expect(ready.warnings?.[0]?.advice).toMatch(/\$http_host/);
  });
});
