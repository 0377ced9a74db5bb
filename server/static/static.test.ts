import { statSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSiteServer } from "../http/http.ts";
import { makeSiteFixture } from "../test/site-fixture.ts";
import { acceptsCoding } from "./send-file.ts";
import { siteFiles } from "./static.ts";

let site: ReturnType<typeof makeSiteFixture>;
const SCRIPT = "export const x = 'a script worth compressing';\n".repeat(10);
beforeAll(() => {
  site = makeSiteFixture();
  const file = join(site.client, "assets", "zipped-abc123.js");
  writeFileSync(file, SCRIPT);
  writeFileSync(`${file}.br`, brotliCompressSync(SCRIPT));
  writeFileSync(`${file}.gz`, gzipSync(SCRIPT));
});
afterAll(() => site.remove());

async function request(path: string, init?: RequestInit) {
  const server = createSiteServer(siteFiles(site.client));
  await new Promise<void>((resolve) => server.listen(0, resolve));
  try {
    return await fetch(`http://localhost:${(server.address() as AddressInfo).port}${path}`, init);
  } finally {
    server.close();
  }
}

describe("the site's files", () => {
  it("sends the build's headers and the page's policy", async () => {
    const response = await request("/hi");
    expect(await response.text()).toBe("<p>hi</p>");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("content-security-policy")).toBe("default-src 'self'");
  });

  it("answers unknown paths with the fallback, status 404 and the same headers", async () => {
    const response = await request("/nope");
    expect(response.status).toBe(404);
    expect(await response.text()).toBe("<p>fallback</p>");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  });

  it("sends scripts and other files only the headers that apply to them", async () => {
    const response = await request("/assets/app-abc123.js");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("x-frame-options")).toBeNull();
    expect(response.headers.get("content-security-policy")).toBeNull();
  });

  it("answers other methods than GET and HEAD with 405", async () => {
    const response = await request("/hi", { method: "POST", body: "x" });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, HEAD");
  });
});

describe("serving a file", () => {
  const raw = (init: RequestInit = {}) => request("/assets/zipped-abc123.js", init);

  it("sends the precompressed copy the client takes, with its type, length and Vary", async () => {
    const brotli = await raw({ headers: { "Accept-Encoding": "gzip, deflate, br" } });
    expect(brotli.headers.get("content-encoding")).toBe("br");
    expect(brotli.headers.get("content-type")).toBe("text/javascript");
    expect(brotli.headers.get("vary")).toBe("Accept-Encoding");
    expect(await brotli.text()).toBe(SCRIPT);
    const gzip = await raw({ headers: { "Accept-Encoding": "gzip, br;q=0" } });
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
    expect(Number(gzip.headers.get("content-length"))).toBe(gzipSync(SCRIPT).length);
    const identity = await raw({ headers: { "Accept-Encoding": "identity" } });
    expect(identity.headers.get("content-encoding")).toBeNull();
    expect(identity.headers.get("content-length")).toBe(String(SCRIPT.length));
  });

  it("sends a hashed asset (immutable) without validators, and whole to a client naming a copy of it", async () => {
    const asset = await raw({ headers: { "Accept-Encoding": "identity" } });
    expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect([asset.headers.get("etag"), asset.headers.get("last-modified")]).toEqual([null, null]);
    // What a copy would be named by, were validators sent (a file's are its size and time).
    const stats = statSync(join(site.client, "assets", "zipped-abc123.js"));
    const tag = `W/"${stats.size}-${stats.mtime.getTime()}"`;
    for (const asked of [
      { "If-None-Match": "*" } as Record<string, string>,
      { "If-None-Match": tag },
      { "If-Modified-Since": new Date(Date.now() + 86_400_000).toUTCString() },
    ]) {
      const named = await raw({ headers: { "Accept-Encoding": "identity", ...asked } });
      expect([named.status, await named.text()]).toEqual([200, SCRIPT]);
    }
    const ifRange = await raw({ headers: { "Accept-Encoding": "identity", Range: "bytes=0-1", "If-Range": tag } });
    expect([ifRange.status, await ifRange.text()]).toEqual([200, SCRIPT]);
  });

  it("answers 304 with its headers when the client has the file, and a HEAD without a body", async () => {
    const first = await request("/hi");
    expect(first.headers.get("last-modified")).toMatch(/GMT$/);
    const etag = first.headers.get("etag") as string;
    expect(etag).toMatch(/^W\/"\d+-\d+"$/);
    const again = await request("/hi", { headers: { "If-None-Match": `"other", ${etag}` } });
    expect(again.status).toBe(304);
    expect(again.headers.get("etag")).toBe(etag);
    expect(again.headers.get("cache-control")).toBe("no-cache");
    expect(again.headers.get("content-security-policy")).toBe("default-src 'self'");
    expect((await request("/hi", { headers: { "If-None-Match": '"other"' } })).status).toBe(200);
    const head = await request("/hi", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe("9");
    expect(head.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(await head.text()).toBe("");
  });

  it("sends one byte range when asked, and 416 past the end", async () => {
    const identity = { "Accept-Encoding": "identity" };
    const part = await raw({ headers: { ...identity, Range: "bytes=7-12" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 7-12/${SCRIPT.length}`);
    expect(await part.text()).toBe(SCRIPT.slice(7, 13));
    const tail = await raw({ headers: { ...identity, Range: "bytes=-5" } });
    expect(await tail.text()).toBe(SCRIPT.slice(-5));
    const past = await raw({ headers: { ...identity, Range: "bytes=99999-" } });
    expect(past.status).toBe(416);
    expect(past.headers.get("content-range")).toBe(`bytes */${SCRIPT.length}`);
    const several = await raw({ headers: { ...identity, Range: "bytes=0-1, 5-6" } });
    expect([several.status, await several.text()]).toEqual([200, SCRIPT]);
  });
});

describe("acceptsCoding", () => {
  it("reads weights, and * for what is not named", () => {
    expect(acceptsCoding("gzip, deflate, br", "br")).toBe(true);
    expect(acceptsCoding("gzip;q=1.0, br;q=0", "br")).toBe(false);
    expect(acceptsCoding("BR;Q=0.5", "br")).toBe(true);
    expect(acceptsCoding("*", "gzip")).toBe(true);
    expect(acceptsCoding("*, gzip;q=0", "gzip")).toBe(false);
    expect(acceptsCoding("identity", "gzip")).toBe(false);
    expect(acceptsCoding(undefined, "gzip")).toBe(false);
    expect(acceptsCoding("brotli", "br")).toBe(false);
  });
});
