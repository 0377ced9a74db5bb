import { readFileSync } from "node:fs";
import { join, posix } from "node:path";

const relative = (found: Iterable<RegExpMatchArray>, url: string) =>
  [...found].map((m) => posix.join(posix.dirname(url), m[1] as string));

/** Static imports of a built chunk, as URLs relative to the site root. */
export function staticImports(code: string, url: string): string[] {
  return relative(code.matchAll(/(?:from|import)\s*"(\.{1,2}\/[^"]+\.js)"/g), url);
}

/** Chunks a built chunk may load later (`import("./x.js")`, quoted any way). */
export function dynamicImports(code: string, url: string): string[] {
  return relative(code.matchAll(/\bimport\(\s*["'`](\.{1,2}\/[^"'`]+\.js)["'`]\s*\)/g), url);
}

function walk(dir: string, urls: readonly string[], next: (code: string, url: string) => string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...urls];
  while (stack.length > 0) {
    const url = stack.pop() as string;
    if (seen.has(url)) continue;
    seen.add(url);
    stack.push(...next(readFileSync(join(dir, url), "utf8"), url));
  }
  return seen;
}

/** The modules `urls` load before they run: themselves and their static imports, recursively. */
export function closure(dir: string, urls: readonly string[]): Set<string> {
  return walk(dir, urls, staticImports);
}

/** Every module `urls` can ever run: their closure and every chunk any of it may load later. */
export function reachable(dir: string, urls: readonly string[]): Set<string> {
  return walk(dir, urls, (code, url) => [...staticImports(code, url), ...dynamicImports(code, url)]);
}
