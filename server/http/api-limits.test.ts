import { describe, expect, it } from "vitest";
import { siteProcess } from "../test/site-process.ts";

/**
 * Issue 56: every route of the API is limited by the one limiter, GET and HEAD included. On
 * f135d89 only /api/clicks was: a sheet of a million bubbles made each GET of /api/bubbles encode
 * ~167 KB, as often as anyone asked. The real server, each client known by the address its proxy
 * (loopback, TRUST_PROXY) wrote.
 */
describe("the API's limits", () => {
  const server = siteProcess({ COUNTER_READ_LIMIT: "3/1", COUNTER_WRITE_LIMIT: "2/1", TRUST_PROXY: "loopback" });
  const ask = (path: string, address: string, method = "GET", body?: string) =>
    fetch(server.origin + path, {
      method,
      body,
      headers: { "X-Forwarded-For": address, "Content-Type": "application/json" },
    });

  it("limits every toy's reads, GET and HEAD alike, per client, saying when to come back", async () => {
    const paths = ["/api/bubbles", "/api/wall", "/api/polls", "/api/claps", "/api/clicks", "/api/no-such-thing"];
    for (const [k, path] of paths.entries()) {
      const address = `198.51.100.${k + 1}`;
      for (const method of ["GET", "HEAD", "GET"])
        expect((await ask(path, address, method)).status, path).not.toBe(429);
      const refused = await ask(path, address, "HEAD");
      expect(refused.status, path).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      // Asked again before its time: still refused, said the same way (before the API's router).
      const again = await ask(path, address, "GET");
      expect(again.status, path).toBe(429);
      expect(Number(again.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(await again.json()).toEqual({
        error: expect.stringMatching(/^Too many requests\. Try again in \d+ s\.$/),
      });
      // Another client is not refused for it.
      expect((await ask(path, `198.51.100.${k + 101}`)).status, path).not.toBe(429);
    }
  });

  it("limits writes as writes, and never the operator's checks", async () => {
    for (let k = 0; k < 2; k++) expect((await ask("/api/polls", "203.0.113.9", "POST", "{}")).status).not.toBe(429);
    expect((await ask("/api/polls", "203.0.113.9", "POST", "{}")).status).toBe(429);
    for (let k = 0; k < 10; k++) {
      expect((await ask("/healthz", "203.0.113.10")).status).toBe(200);
      expect((await ask("/readyz", "203.0.113.10")).status).toBe(200);
    }
  });
});
