import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { allPages, pages, prerenderPaths, routeFile, toys } from "./registry";

const APP = join(import.meta.dirname, "..");

function folders(dir: string): string[] {
  return readdirSync(join(APP, dir)).filter((name) => statSync(join(APP, dir, name)).isDirectory());
}

/** The paths of the route table in docs/spec.md (a copy of the product spec). */
function specRoutes(): string[] {
  const spec = readFileSync(join(APP, "..", "docs", "spec.md"), "utf8");
  const table = spec.slice(spec.indexOf("### Route table"), spec.indexOf("### Page contents"));
  return [...table.matchAll(/^\| *(\/[^ |]*) *\|/gm)].map((m) => m[1] as string);
}

/** A spec path like /blog/{slug} as a route pattern like /blog/:slug. */
const asPattern = (path: string) => path.replace(/\{(\w+)\}/g, ":$1");
/** A spec path like /blog/{slug} as a matcher of concrete paths like /blog/some-post. */
const asMatcher = (path: string) => new RegExp(`^${path.replace(/\{\w+\}/g, "[a-z0-9-]+")}$`);

describe("the registry", () => {
  it("registers every toy folder and every page folder, and nothing else", () => {
    expect(toys.map((t) => t.slug).sort()).toEqual(folders("toys").sort());
    expect(pages.map((p) => p.slug).sort()).toEqual(folders("pages").sort());
  });

  it("has unique slugs, paths, labels and titles", () => {
    for (const field of ["slug", "path", "label", "title"] as const) {
      const values = allPages.map((entry) => entry[field]);
      expect(new Set(values).size, field).toBe(values.length);
    }
  });

  it("only uses paths from the spec's route table", () => {
    const routes = specRoutes();
    expect(routes).toContain("/");
    expect(routes).toContain("/blog/{slug}");
    const allowed = new Set(routes.map(asPattern));
    const matchers = routes.map(asMatcher);
    for (const entry of allPages) {
      expect(allowed, entry.path).toContain(entry.path);
      for (const sub of entry.subRoutes ?? []) {
        const ok = allowed.has(sub.path) || matchers.some((m) => m.test(sub.path));
        expect(ok, sub.path).toBe(true);
        for (const url of sub.prerender)
          expect(
            matchers.some((m) => m.test(url)),
            url,
          ).toBe(true);
      }
    }
  });

  it("gives every entry a title, description and background", () => {
    for (const entry of allPages) {
      expect(entry.title.trim(), entry.slug).not.toBe("");
      expect(entry.description.length, entry.slug).toBeGreaterThan(20);
      expect(entry.background, entry.slug).toMatch(/^linear-gradient\(/);
    }
  });

  it("points every entry at a route module that exists", () => {
    for (const entry of allPages) {
      expect(() => statSync(join(APP, routeFile(entry))), entry.slug).not.toThrow();
      for (const sub of entry.subRoutes ?? []) {
        expect(() => statSync(join(APP, routeFile(entry, sub.file))), sub.path).not.toThrow();
      }
    }
  });

  it("pre-renders every page path", () => {
    const paths = prerenderPaths();
    for (const entry of allPages) expect(paths).toContain(entry.path);
    expect(new Set(paths).size).toBe(paths.length);
  });
});
