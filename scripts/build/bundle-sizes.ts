import { readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { brotliCompressSync, constants } from "node:zlib";
import { closure } from "./chunk-graph.ts";
import { walk } from "./files.ts";
import { readBootPlan } from "./html.ts";

/**
 * First-load JavaScript per pre-rendered page, from the build output: every module the page's
 * bootstrap preloads (React Router's manifest, entry and the matched route modules, and every
 * chunk they import statically). Lazy chunks (a toast, a sound, the menu) are not first load.
 * Sizes are brotli, as `npm start` and static hosts send them.
 */

export interface PageBytes {
  /** URL path of the page, e.g. "/hi". */
  path: string;
  /** The modules the page loads before it is interactive. */
  modules: string[];
  /** Brotli bytes of all of them. */
  firstLoadJs: number;
  /** Brotli bytes of the JavaScript only this page loads (not shared with the site shell). */
  ownJs: number;
  /** Brotli bytes of the HTML document (stylesheet inlined). */
  html: number;
}

const brotliSize = (data: Buffer | string) =>
  brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

/** The page's first-load modules, split into the shell's (root, manifest, entry) and the route's. */
export function pageModules(html: string, page = "a page"): { shell: string[]; route: string[] } {
  const plan = readBootPlan(html);
  // A page without one was not rewritten by the build: its JavaScript cannot be counted, and
  // counting none would pass every budget.
  if (!plan) throw new Error(`${page} has no bootstrap plan: was it built by \`npm run build\`?`);
  const isShell = (id?: string) => !id || id === "root" || id.startsWith("kit/shell/");
  return {
    shell: [...plan.modules.filter((m) => isShell(m.routeId)).map((m) => m.url), plan.entry],
    route: plan.modules.filter((m) => !isShell(m.routeId)).map((m) => m.url),
  };
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
      bytes = brotliSize(readFileSync(join(dir, url)));
      sizes.set(url, bytes);
    }
    return bytes;
  };
  const sum = (urls: Iterable<string>) => [...urls].reduce((total, url) => total + size(url), 0);

  return walk(dir)
    .filter((file) => file.endsWith(".html") && !/(^|\/)(__spa-fallback|404)\.html$/.test(file))
    .map((file) => {
      const html = readFileSync(file, "utf8");
      const { shell, route } = pageModules(html, relative(dir, file));
      const shellChunks = closure(dir, shell);
      const all = closure(dir, [...shell, ...route]);
      const own = [...all].filter((url) => !shellChunks.has(url));
      return {
        path: pathOf(dir, file),
        modules: [...all].sort(),
        firstLoadJs: sum(all),
        ownJs: sum(own),
        html: brotliSize(html),
      };
    })
    .sort((a, b) => a.path.localeCompare(b.path));
}
