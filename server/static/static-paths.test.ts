import { describe, expect, it } from "vitest";
import { firstResponse, rawExchange } from "../test/raw-http.ts";
import { siteProcess } from "../test/site-process.ts";

/**
 * Every way of writing a path, against the real server (server/main.ts) on a raw socket: a path is
 * either the page or file it names, served with that file's own policy and headers, or the 404
 * fallback with the fallback's. Never a host file, never a page without its policy.
 */
const server = siteProcess();

async function get(target: string, method = "GET") {
  const answer = await rawExchange(server.port, [
    `${method} ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
  ]);
  return firstResponse(answer.text);
}

const HOME = { body: "<p>home</p>", csp: "default-src 'self'; base-uri 'none'" };
const HI = { body: "<p>hi</p>", csp: "default-src 'self'" };
const FALLBACK = { body: "<p>fallback</p>", csp: "default-src 'none'" };

describe("which file a path is", () => {
  const cases: [string, typeof HOME | "asset" | "404"][] = [
    ["/", HOME],
    ["/index.html", HOME],
    ["/index", "404"],
    ["/hi", HI],
    ["/hi/", HI],
    ["/hi/index.html", HI],
    ["/hi/index", "404"],
    ["/hi/index/", "404"],
    ["/%68i", HI],
    ["/%68%49", "404"],
    ["/hi/%69ndex.html", HI],
    // The host files and the fallback itself, however their name is written.
    ["/_headers", "404"],
    ["/%5Fheaders", "404"],
    ["/%5fheaders", "404"],
    ["/_headers.br", "404"],
    ["/404.html", "404"],
    ["/%34%30%34.html", "404"],
    ["/__spa-fallback.html", "404"],
    ["/%5F%5Fspa-fallback.html", "404"],
    ["/%5f%5Fspa-fallback.html", "404"],
    ["/_%5fspa-fallback.html", "404"],
    // Decoded once, not twice.
    ["/%255Fheaders", "404"],
    ["/%2568i", "404"],
    // Double slashes, dot segments, encoded separators and NUL.
    ["//", "404"],
    ["//hi", "404"],
    ["/hi//", "404"],
    ["//index.html", "404"],
    ["/./hi", "404"],
    ["/hi/.", "404"],
    ["/../hi", "404"],
    ["/hi/../hi", "404"],
    ["/%2e%2e/hi", "404"],
    ["/%2E%2E/%2e%2E/etc/passwd", "404"],
    ["/hi/%2e%2e/index.html", "404"],
    ["/hi%2findex.html", "404"],
    ["/hi%2Findex.html", "404"],
    ["/assets%2fapp-abc123.js", "404"],
    ["/hi%5cindex.html", "404"],
    ["/hi%00", "404"],
    ["/index.html%00", "404"],
    ["/index.html%00.js", "404"],
    ["/%", "404"],
    ["/%zz", "404"],
    ["/%c0%af", "404"],
    [`/${"a".repeat(300)}`, "404"],
    // Files are files: a trailing slash is no file; a precompressed copy is not a file of its own.
    ["/assets/app-abc123.js", "asset"],
    ["/assets/app-abc123.js/", "404"],
    ["/assets/app-abc123.js.br", "404"],
    ["/assets/%61pp-abc123.js", "asset"],
    ["/assets", "404"],
    ["/assets/", "404"],
  ];

  for (const [target, expected] of cases) {
    it(`${target.slice(0, 40)} is ${expected === "404" ? "the 404 fallback" : expected === "asset" ? "the asset" : expected.body}`, async () => {
      for (const method of ["GET", "HEAD"]) {
        const answer = await get(target, method);
        const body = method === "HEAD" ? "" : undefined;
        if (expected === "asset") {
          expect(answer.status).toBe(200);
          expect(answer.body).toBe(body ?? "export {};");
          expect(answer.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
          expect(answer.headers["content-security-policy"]).toBeUndefined();
          expect(answer.headers["x-frame-options"]).toBeUndefined();
          continue;
        }
        const page = expected === "404" ? FALLBACK : expected;
        expect(answer.status, `${method} ${target}`).toBe(expected === "404" ? 404 : 200);
        expect(answer.body).toBe(body ?? page.body);
        expect(answer.headers["content-security-policy"]).toBe(page.csp);
        expect(answer.headers["x-frame-options"]).toBe("DENY");
        expect(answer.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
        expect(answer.headers["x-content-type-options"]).toBe("nosniff");
        expect(answer.headers["cache-control"]).toBe("no-cache");
        expect(answer.headers["content-type"]).toMatch(/^text\/html; ?charset=utf-8$/);
      }
    });
  }

  it("lives on", async () => {
    expect(server.child.exitCode).toBeNull();
    expect((await get("/hi")).status).toBe(200);
  });
});
