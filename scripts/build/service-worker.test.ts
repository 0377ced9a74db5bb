import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { precacheEntries, urlOf, writeServiceWorker } from "./service-worker.ts";

function fakeBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), "sw-"));
  mkdirSync(join(dir, "hi"));
  mkdirSync(join(dir, "assets"));
  mkdirSync(join(dir, "og"));
  for (const [file, text] of Object.entries({
    "index.html": "home",
    "hi/index.html": "hi",
    "__spa-fallback.html": "fallback",
    "404.html": "fallback",
    _headers: "x",
    "assets/app-abc.js": "js",
    "assets/app-abc.js.br": "br",
    "favicon.svg": "<svg/>",
    "og/hi.png": "png",
  })) {
    writeFileSync(join(dir, file), text);
  }
  return dir;
}

describe("the service worker's precache list", () => {
  it("requests pages at their clean URLs", () => {
    expect(urlOf("index.html")).toBe("/");
    expect(urlOf("hi/index.html")).toBe("/hi");
    expect(urlOf("blog/some-post/index.html")).toBe("/blog/some-post");
    expect(urlOf("assets/x.js")).toBe("/assets/x.js");
  });

  it("lists every page, the fallback and the assets, not host files, compressed twins or preview images", () => {
    const urls = precacheEntries(fakeBuild()).map((e) => e.url);
    expect(urls).toEqual(["/", "/__spa-fallback.html", "/assets/app-abc.js", "/favicon.svg", "/hi"]);
  });

  it("changes its version when any file changes", () => {
    const dir = fakeBuild();
    writeServiceWorker(dir, "//sw");
    const before = readFileSync(join(dir, "sw.js"), "utf8");
    writeFileSync(join(dir, "hi/index.html"), "hi, changed");
    writeServiceWorker(dir, "//sw");
    const after = readFileSync(join(dir, "sw.js"), "utf8");
    const version = (text: string) => /self\.__VERSION = "(\w+)"/.exec(text)?.[1];
    expect(version(before)).toBeTruthy();
    expect(version(after)).not.toBe(version(before));
    expect(after.endsWith("//sw")).toBe(true);
  });
});
