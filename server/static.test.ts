import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSiteServer } from "./http.ts";
import { siteFiles } from "./static.ts";
import { makeSiteFixture } from "./test/site-fixture.ts";

let site: ReturnType<typeof makeSiteFixture>;
beforeAll(() => {
  site = makeSiteFixture();
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
    expect(response.headers.get("cross-origin-opener-policy")).toBe("same-origin");
    expect(response.headers.get("content-security-policy")).toBe("default-src 'self'");
  });

  it("answers unknown paths with the fallback, status 404 and the same headers", async () => {
    const response = await request("/nope");
    expect(response.status).toBe(404);
    expect(await response.text()).toBe("<p>fallback</p>");
    expect(response.headers.get("cross-origin-opener-policy")).toBe("same-origin");
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
