import { readFileSync } from "node:fs";
import { join, posix, relative } from "node:path";
import { gzipSync } from "node:zlib";
import { walk } from "./files.ts";

/**
 * First-load JavaScript per pre-rendered page, from the build output: the modules the page's
 * inline module script imports (React Router's manifest, entry, and the matched route modules),
 * plus every chunk they import statically. Dynamic imports (lazy UI) are not first load.
 */

export interface PageBytes {
  /** URL path of the page, e.g. "/hi". */
  path: string;
  /** gzip bytes of all JavaScript the page loads before it is interactive. */
  firstLoadJs: number;
  /** gzip bytes of the JavaScript only this page loads (not shared with the site shell). */
  ownJs: number;
  /** gzip bytes of the HTML document (stylesheet inlined). */
  html: number;
}

const gzipSize = (data: Buffer | string) => gzipSync(data, { level: 9 }).length;

/** Module URLs imported by the page's inline module script, split into shell and route modules. */
export function pageModules(html: string): { shell: string[]; route: string[] } {
  const shell: string[] = [];
  const route: string[] = [];
  for (const [, body] of html.matchAll(/<script type="module"[^>]*>([\s\S]*?)<\/script>/g)) {
    const modules = new Map<string, string>(); // url -> import binding name
    for (const m of (body ?? "").matchAll(/import (?:\* as (\w+) from )?"([^"]+)"/g))
      modules.set(m[2] ?? "", m[1] ?? "");
    // The deferred form (scripts/build/html.ts): Promise.all([import(a),import(b)]).then(([x,y])=>…)
    const deferred = /Promise\.all\(\[([^\]]*)\]\)\.then\(\(\[([^\]]*)\]\)/.exec(body ?? "");
    if (deferred) {
      const names = (deferred[2] ?? "").split(",");
      const urls = [...(deferred[1] ?? "").matchAll(/import\("([^"]+)"\)/g)].map((m) => m[1] ?? "");
      for (const [i, url] of urls.entries()) modules.set(url, names[i] ?? "");
    }
    for (const m of (body ?? "").matchAll(/import\("([^"]+)"\)/g)) {
      if (!modules.has(m[1] ?? "")) modules.set(m[1] ?? "", "entry");
    }
    const routes = /window\.__reactRouterRouteModules ?= ?(\{[^}]*\})/.exec(body ?? "")?.[1] ?? "{}";
    const routeIds = new Map([...routes.matchAll(/"([^"]+)":(\w+)/g)].map((m) => [m[2] ?? "", m[1] ?? ""]));
    for (const [url, binding] of modules) {
      const id = routeIds.get(binding);
      const isShell = !id || id === "root" || id.startsWith("kit/shell/");
      (isShell ? shell : route).push(url);
    }
  }
  return { shell, route };
}

/** Static imports of a chunk, as URLs relative to the site root. */
export function staticImports(code: string, url: string): string[] {
  const found = [...code.matchAll(/(?:from|import)\s*"(\.{1,2}\/[^"]+\.js)"/g)].map((m) => m[1] as string);
  return found.map((spec) => posix.join(posix.dirname(url), spec));
}

/** The closure of static imports from a set of module URLs. */
export function closure(dir: string, urls: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...urls];
  while (stack.length > 0) {
    const url = stack.pop() as string;
    if (seen.has(url)) continue;
    seen.add(url);
    stack.push(...staticImports(readFileSync(join(dir, url), "utf8"), url));
  }
  return seen;
}

/** The URL path a pre-rendered file answers ("hi/index.html" -> "/hi"). */
export function pathOf(dir: string, file: string): string {
  const rel = relative(dir, file).split("\\").join("/");
  return `/${rel.replace(/(^|\/)index\.html$/, "").replace(/\.html$/, "")}`;
}

export function measurePages(dir: string): PageBytes[] {
  const sizes = new Map<string, number>();
  const size = (url: string) => {
    let bytes = sizes.get(url);
    if (bytes === undefined) {
      bytes = gzipSize(readFileSync(join(dir, url)));
      sizes.set(url, bytes);
    }
    return bytes;
  };
  const sum = (urls: Iterable<string>) => [...urls].reduce((total, url) => total + size(url), 0);

  return walk(dir)
    .filter((file) => file.endsWith(".html") && !/(^|\/)(__spa-fallback|404)\.html$/.test(file))
    .map((file) => {
      const html = readFileSync(file, "utf8");
      const { shell, route } = pageModules(html);
      const shellChunks = closure(dir, shell);
      const all = closure(dir, [...shell, ...route]);
      const own = [...all].filter((url) => !shellChunks.has(url));
      return { path: pathOf(dir, file), firstLoadJs: sum(all), ownJs: sum(own), html: gzipSize(html) };
    })
    .sort((a, b) => a.path.localeCompare(b.path));
}
