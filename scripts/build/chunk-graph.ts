import { readFileSync } from "node:fs";
import { join, posix } from "node:path";

/** Static imports of a built chunk, as URLs relative to the site root. */
export function staticImports(code: string, url: string): string[] {
  const found = [...code.matchAll(/(?:from|import)\s*"(\.{1,2}\/[^"]+\.js)"/g)].map((m) => m[1] as string);
  return found.map((spec) => posix.join(posix.dirname(url), spec));
}

/** The modules `urls` load before they run: themselves and their static imports, recursively. */
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
