import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

type Icon = { src: string; sizes: string; type: string; purpose?: string };
type Shortcut = { name: string; short_name?: string; description?: string; url: string; icons?: Icon[] };

const ROOT = join(import.meta.dirname, "..");
const PUBLIC = join(ROOT, "public");
const manifest: { icons: Icon[]; shortcuts: Shortcut[] } = JSON.parse(
  readFileSync(join(PUBLIC, "manifest.webmanifest"), "utf8"),
);

/** Every `path: "…"` of the toys' and pages' entries (app/toys/<slug>/toy.ts, app/pages/<slug>/toy.ts). */
function routePaths(): string[] {
  return ["toys", "pages"].flatMap((dir) =>
    readdirSync(join(ROOT, "app", dir))
      .map((slug) => join(ROOT, "app", dir, slug, "toy.ts"))
      .filter((file) => existsSync(file))
      .flatMap((file) => [...readFileSync(file, "utf8").matchAll(/\bpath: "([^"]+)"/g)].map((m) => m[1] as string)),
  );
}

/** An icon's file must exist and, for a PNG, be exactly as wide and tall as the manifest says. */
function expectIconMatches(icon: Icon) {
  const file = join(PUBLIC, icon.src);
  expect(existsSync(file), icon.src).toBe(true);
  if (icon.type !== "image/png") return;
  const png = readFileSync(file);
  expect(png.subarray(1, 4).toString("latin1"), icon.src).toBe("PNG");
  // The IHDR chunk comes first: width and height are bytes 16-23.
  expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`, icon.src).toBe(icon.sizes);
}

describe("the web app manifest", () => {
  it("lists icons that exist, at the sizes it declares", () => {
    for (const icon of manifest.icons) expectIconMatches(icon);
  });

  it("has the plain 192 and 512 icons and a maskable 512", () => {
    const sizes = (purpose: string) =>
      manifest.icons.filter((icon) => (icon.purpose ?? "any").split(" ").includes(purpose)).map((icon) => icon.sizes);
    expect(sizes("any")).toEqual(expect.arrayContaining(["192x192", "512x512"]));
    expect(sizes("maskable")).toContain("512x512");
  });

  it("has shortcuts to existing routes, each with a 96x96 icon", () => {
    const routes = routePaths();
    expect(routes).toContain("/");
    expect(manifest.shortcuts.length).toBeGreaterThanOrEqual(3);
    for (const shortcut of manifest.shortcuts) {
      expect(routes, shortcut.name).toContain(shortcut.url);
      expect(shortcut.short_name, shortcut.name).toBeTruthy();
      expect(shortcut.description, shortcut.name).toBeTruthy();
      const icon = shortcut.icons?.find((i) => i.sizes === "96x96");
      expect(icon, shortcut.name).toBeDefined();
      if (icon) expectIconMatches(icon);
    }
  });
});
