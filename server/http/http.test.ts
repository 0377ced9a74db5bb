import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { createLogger } from "../ops/log.ts";
import { siteFiles } from "../static/static.ts";
import { rawExchange } from "../test/raw-http.ts";
import { siteProcess } from "../test/site-process.ts";
import { createSiteServer, pathOf, TIMEOUTS } from "./http.ts";

/** The real server (server/main.ts) in its own process: a request that ended it would end only it. */
const server = siteProcess();

const request = (line: string, headers = "Host: localhost\r\nConnection: close\r\n") => `${line}\r\n${headers}\r\n`;
const stillServing = async () => {
  expect(server.child.exitCode).toBeNull();
  const answer = await rawExchange(server.port, [request("GET /hi HTTP/1.1")]);
  expect(answer.statuses).toEqual([200]);
};

describe("the server facing the internet", () => {
  it("answers request targets no URL parser likes, and lives on", async () => {
    const answers: Record<string, number[]> = {};
    for (const target of ["//", "//%", "//a:b", "/%", "/%00", "/..%2f..%2fetc/passwd", "/api//", "/api/%"]) {
      answers[target] = (await rawExchange(server.port, [request(`GET ${target} HTTP/1.1`)])).statuses;
    }
    expect(answers).toEqual({
      "//": [404],
      "//%": [404],
      "//a:b": [404],
      "/%": [404],
      "/%00": [404],
      "/..%2f..%2fetc/passwd": [404],
      "/api//": [404],
      "/api/%": [404],
    });
    expect((await rawExchange(server.port, [request("GET /api/clicks?batch=% HTTP/1.1")])).statuses).toEqual([400]);
    expect((await rawExchange(server.port, [request("GET * HTTP/1.1")])).statuses).toEqual([400]);
    // The absolute form a proxy may send is the page it names.
    expect((await rawExchange(server.port, [request("GET http://localhost/hi HTTP/1.1")])).statuses).toEqual([200]);
    expect((await rawExchange(server.port, [request("GET http://localhost/?x=1 HTTP/1.1")])).statuses).toEqual([200]);
    expect((await rawExchange(server.port, [request("GET http://localhost?x=1 HTTP/1.1")])).statuses).toEqual([200]);
    await stillServing();
  });

  it("answers each malformed request line, header and body with its own 4xx, closing where it cannot read on, and lives on", async () => {
    const json = '{"a":\u00e9}';
    // What each hostile request gets: its statuses, and whether the server then closed the connection.
    // Node's parser refuses what it cannot read (a 400 or 431, then the connection closes); what it
    // reads but the API refuses is a 400 on a connection that serves the next request.
    const refused = { statuses: [400], closed: true };
    const hostile: Record<string, [bytes: string, outcome: { statuses: number[]; closed: boolean }]> = {
      "no request line": ["GARBAGE\r\n\r\n", refused],
      "control bytes": ["\x00\x01\x02\x03\r\n\r\n", refused],
      "HTTP/9.9": ["GET / HTTP/9.9\r\nHost: x\r\n\r\n", refused],
      "a Host with spaces": ["GET /api/clicks HTTP/1.1\r\nHost: a b c\r\n\r\n", { statuses: [400], closed: false }],
      "an unclosed IPv6 Host": ["GET /api/clicks HTTP/1.1\r\nHost: [::1\r\n\r\n", { statuses: [400], closed: false }],
      "a header without a colon": ["GET /api/clicks HTTP/1.1\r\nHost: x\r\nNo colon here\r\n\r\n", refused],
      "a 20 KB header": [
        `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`,
        { statuses: [431], closed: true },
      ],
      "two Content-Lengths": [
        "POST /api/clicks HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nContent-Length: 7\r\n\r\n12345",
        refused,
      ],
      "a negative Content-Length": ["POST /api/clicks HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n", refused],
      "a chunk size that is not hex": [
        "POST /api/clicks HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nhello\r\n0\r\n\r\n",
        refused,
      ],
      "a body that is not JSON": [
        `POST /api/clicks HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(json, "latin1")}\r\n\r\n${json}`,
        { statuses: [400], closed: false },
      ],
      "an unknown method": ["BREW /api/clicks HTTP/1.1\r\nHost: x\r\n\r\n", refused],
      // Without TRUST_PROXY the header is never read, so garbage in it changes nothing.
      "garbage in X-Forwarded-For": [
        "GET /api/clicks HTTP/1.1\r\nHost: x\r\nX-Forwarded-For: \u00ff\u00fe, ::ffff:999.1.1.1\r\n\r\n",
        { statuses: [200], closed: false },
      ],
    };
    // Each on its own connection, all at once; one still open after a second counts as kept open
    // (keep-alive lasts 5 s).
    const answered = await Promise.all(
      Object.entries(hostile).map(async ([name, [bytes]]) => {
        const answer = await rawExchange(server.port, [Buffer.from(bytes, "latin1")], { waitMs: 1000 });
        return [name, { statuses: answer.statuses, closed: answer.closedByServer }] as const;
      }),
    );
    expect(Object.fromEntries(answered)).toEqual(
      Object.fromEntries(Object.entries(hostile).map(([name, [, outcome]]) => [name, outcome])),
    );
    // A header of 100 KB, on a page and on the live channel's upgrade: refused the same way.
    for (const head of [
      `GET /hi HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(100_000)}\r\n\r\n`,
      `GET /api/live?topics=bubbles HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\nX-Big: ${"a".repeat(100_000)}\r\n\r\n`,
    ]) {
      expect((await rawExchange(server.port, [head])).statuses).toEqual([431]);
    }
    await stillServing();
  });

  it("refuses a body too large and serves the next request on the same connection", async () => {
    const big = Buffer.alloc(2 * 1024 * 1024, "x");
    const post = `POST /api/clicks HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${big.length}\r\n\r\n`;
    const next = request("GET /api/clicks HTTP/1.1");
    const declared = await rawExchange(server.port, [post, big, next], { responses: 2 });
    expect(declared.error).toBeNull();
    expect(declared.statuses).toEqual([413, 200]);
    expect(declared.text).toContain('{"error":"The body is larger than 1024 bytes."}');

    // The same without a declared length: chunked, refused as it arrives.
    const chunked = await rawExchange(
      server.port,
      [
        "POST /api/clicks HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n",
        `${big.length.toString(16)}\r\n`,
        big,
        "\r\n0\r\n\r\n",
        next,
      ],
      { responses: 2 },
    );
    expect(chunked.error).toBeNull();
    expect(chunked.statuses).toEqual([413, 200]);
    await stillServing();
  });

  it("answers /healthz and /readyz", async () => {
    const origin = `http://localhost:${server.port}`;
    const health = await fetch(`${origin}/healthz`);
    expect(health.status).toBe(200);
    expect(health.headers.get("cache-control")).toBe("no-store");
    // Ready; the garbage X-Forwarded-For an earlier test sent from loopback, which TRUST_PROXY does
    // not name, is listed as the sign of a proxy set up wrong (server/http/proxy-check.ts).
    expect(await (await fetch(`${origin}/readyz`)).json()).toEqual({
      ready: true,
      store: "sqlite",
      warnings: [{ kind: "untrusted-forwarded-for", advice: expect.stringMatching(/^X-Forwarded-For arrives/) }],
    });
  });

  it("logs JSON lines, not ordinary requests, and never a body or a whole address", async () => {
    await fetch(`http://localhost:${server.port}/api/clicks`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ device: "secret-device-id-0001", from: 0, to: 1 }),
    });
    const entries = server.logs.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(entries.map((entry) => [entry.level, entry.msg])).toEqual([
      ["info", "store available"],
      ["info", `Pointless Toys is wasting time on http://localhost:${server.port}`],
      // Once, for the garbage X-Forwarded-For an earlier test sent from loopback.
      ["warn", expect.stringMatching(/^proxy: X-Forwarded-For arrives from a proxy TRUST_PROXY does not name/)],
    ]);
    for (const entry of entries) {
      expect(typeof entry.time).toBe("string");
      expect(["debug", "info", "warn", "error"]).toContain(entry.level);
    }
    expect(entries.some((entry) => entry.level === "debug")).toBe(false);
    const text = server.logs.join("\n");
    expect(text).not.toContain("secret-device-id");
    expect(text).not.toContain("127.0.0.1");
  });
});

describe("an error nobody expected", () => {
  it("is a 500 with a JSON error and a log line naming the route, and the server goes on", async () => {
    const lines: string[] = [];
    const log = createLogger("info", (line) => lines.push(line));
    const files = siteFiles(server.site.client);
    let calls = 0;
    const api = () => {
      calls++;
      if (calls === 1) throw new Error("a bug of our own");
      return Promise.reject(new Error("an async bug"));
    };
    const http = createSiteServer(files, { api, log });
    await new Promise<void>((resolve) => http.listen(0, resolve));
    const origin = `http://localhost:${(http.address() as AddressInfo).port}`;
    for (let i = 0; i < 2; i++) {
      const response = await fetch(`${origin}/api/clicks?secret=1`);
      expect(response.status).toBe(500);
      expect(await response.json()).toEqual({ error: "Something went wrong on our side. Try again." });
    }
    expect((await fetch(`${origin}/hi`)).status).toBe(200);
    const errors = lines.map((line) => JSON.parse(line)).filter((entry) => entry.level === "error");
    expect(errors).toHaveLength(2);
    expect(errors[0]).toMatchObject({ msg: "request failed", route: "/api/clicks", error: "a bug of our own" });
    expect(lines.join("\n")).not.toContain("secret");
    // Slow clients meet these limits.
    expect(http.headersTimeout).toBe(TIMEOUTS.headersMs);
    expect(http.requestTimeout).toBe(TIMEOUTS.requestMs);
    expect(http.keepAliveTimeout).toBe(TIMEOUTS.keepAliveMs);
    http.close();
  });
});

describe("pathOf", () => {
  it("takes the path of a request target, and nothing else", () => {
    expect(pathOf("/hi?x=1")).toBe("/hi");
    expect(pathOf("//")).toBe("//");
    expect(pathOf("http://example.com/hi?x")).toBe("/hi");
    expect(pathOf("http://example.com")).toBe("/");
    expect(pathOf("*")).toBeNull();
    expect(pathOf("hi")).toBeNull();
    expect(pathOf(undefined)).toBeNull();
  });
});
