import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSiteServer } from "./serve.mjs";

const HEADERS = {
  response: { "X-Content-Type-Options": "nosniff" },
  document: { "X-Frame-Options": "DENY", "Cross-Origin-Opener-Policy": "same-origin" },
  csp: { "/hi/index.html": "default-src 'self'" },
};
let root: string;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "serve-test-"));
  mkdirSync(join(root, "client", "hi"), { recursive: true });
  writeFileSync(join(root, "headers.json"), JSON.stringify(HEADERS));
  writeFileSync(join(root, "client", "__spa-fallback.html"), "<p>fallback</p>");
  writeFileSync(join(root, "client", "hi", "index.html"), "<p>hi</p>");
  mkdirSync(join(root, "client", "assets"));
  writeFileSync(join(root, "client", "assets", "app-abc123.js"), "export {};");
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function get(path: string) {
  const server = createSiteServer(join(root, "client"));
  await new Promise<void>((resolve) => server.listen(0, resolve));
  try {
    return await fetch(`http://localhost:${(server.address() as AddressInfo).port}${path}`);
  } finally {
    server.close();
  }
}

describe("createSiteServer", () => {
  it("sends the build's headers and the page's policy", async () => {
    const response = await get("/hi");
    expect(await response.text()).toBe("<p>hi</p>");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(response.headers.get("cross-origin-opener-policy")).toBe("same-origin");
    expect(response.headers.get("content-security-policy")).toBe("default-src 'self'");
  });

  it("answers unknown paths with the fallback, status 404 and the same headers", async () => {
    const response = await get("/nope");
    expect(response.status).toBe(404);
    expect(await response.text()).toBe("<p>fallback</p>");
    expect(response.headers.get("cross-origin-opener-policy")).toBe("same-origin");
  });

  it("sends scripts and other files only the headers that apply to them", async () => {
    const response = await get("/assets/app-abc123.js");
    expect(response.status).toBe(200);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("x-frame-options")).toBeNull();
    expect(response.headers.get("cross-origin-opener-policy")).toBeNull();
    expect(response.headers.get("content-security-policy")).toBeNull();
  });
});
