import { describe, expect, it } from "vitest";
import { siteFileOf } from "./site-path.ts";

describe("siteFileOf", () => {
  it("names a page's index.html, and a file as it is", () => {
    expect(siteFileOf("/")).toBe("/index.html");
    expect(siteFileOf("/index.html")).toBe("/index.html");
    expect(siteFileOf("/hi")).toBe("/hi/index.html");
    expect(siteFileOf("/hi/")).toBe("/hi/index.html");
    expect(siteFileOf("/hi/index.html")).toBe("/hi/index.html");
    expect(siteFileOf("/blog/a-post/")).toBe("/blog/a-post/index.html");
    expect(siteFileOf("/assets/app-abc123.js")).toBe("/assets/app-abc123.js");
    expect(siteFileOf("/manifest.webmanifest")).toBe("/manifest.webmanifest");
  });

  it("takes no folder for a page: /index and /hi/index are folders of that name", () => {
    expect(siteFileOf("/index")).toBe("/index/index.html");
    expect(siteFileOf("/hi/index")).toBe("/hi/index/index.html");
    expect(siteFileOf("/assets/app.js/")).toBe("/assets/app.js/index.html");
  });

  it("decodes each segment once", () => {
    expect(siteFileOf("/%68i")).toBe("/hi/index.html");
    expect(siteFileOf("/%255Fheaders")).toBe("/%5Fheaders/index.html");
    expect(siteFileOf("/caf%C3%A9")).toBe("/café/index.html");
  });

  it("refuses the host files and the fallback, however they are written", () => {
    for (const path of [
      "/_headers",
      "/%5Fheaders",
      "/%5fheaders",
      "/_headers.br",
      "/404.html",
      "/%34%30%34.html",
      "/404.html.gz",
      "/__spa-fallback.html",
      "/%5F%5Fspa-fallback.html",
      "/_%5fspa-fallback.html",
    ]) {
      expect(siteFileOf(path), path).toBeNull();
    }
    // Only at the top: a folder of that name elsewhere is ordinary.
    expect(siteFileOf("/hi/_headers")).toBe("/hi/_headers/index.html");
  });

  it("refuses what no file could be", () => {
    for (const path of [
      "",
      "hi",
      "//",
      "//hi",
      "/hi//",
      "/./hi",
      "/hi/.",
      "/../hi",
      "/hi/..",
      "/%2e%2e/hi",
      "/%2E%2e/etc/passwd",
      "/.env",
      "/.well-known/x",
      "/hi%2findex.html",
      "/hi%2Findex.html",
      "/hi%5cindex.html",
      "/hi\\index.html",
      "/hi%00",
      "/index.html%00.js",
      "/a%0ab",
      "/%7f",
      "/%",
      "/%zz",
      "/%c0%af",
      "/%ff",
      `/${"a".repeat(256)}`,
      `/${"%C3%A9".repeat(128)}`,
      "/assets/app.js.br",
      "/assets/app.js.gz",
    ]) {
      expect(siteFileOf(path), path).toBeNull();
    }
    expect(siteFileOf(`/${"a".repeat(255)}`)).not.toBeNull();
  });
});
