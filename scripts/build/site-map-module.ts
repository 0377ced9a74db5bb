import { type Plugin, runnerImport } from "vite";
import type { PageEntry } from "../../app/kit/lib/page-entry.ts";

/** The module the menu's links are written from when a page is rendered (app/kit/shell/site-menu.tsx). */
export const SITE_MAP_ID = "virtual:site-map";
const RESOLVED_ID = `\0${SITE_MAP_ID}`;

type Registry = { toys: readonly PageEntry[]; pages: readonly PageEntry[] };

/** The module's source: each page's path and menu label, and nothing else, as plain data. */
export function siteMapSource({ toys, pages }: Registry): string {
  const links = (entries: readonly PageEntry[]) => JSON.stringify(entries.map(({ path, label }) => ({ path, label })));
  return `export const toys = ${links(toys)};\nexport const pages = ${links(pages)};\n`;
}

/**
 * Serves `virtual:site-map`, the registry's links as data made at build time. If the menu imported
 * the registry itself, every page's `toy.ts` would be shared by two chunks (its route and the
 * registry), and the bundler would give each its own chunk: one more request on every first load.
 *
 * Only the server (pre-rendering, the dev server) gets the links: every page's HTML holds the menu,
 * and the browser's menu and "Surprise me" read them there, so the browser's copy is empty and
 * costs the page's JavaScript nothing.
 */
export function siteMapModule(): Plugin {
  return {
    name: "pointless:site-map",
    resolveId(id) {
      return id === SITE_MAP_ID ? RESOLVED_ID : null;
    },
    async load(id, options) {
      if (id !== RESOLVED_ID) return null;
      if (!options?.ssr) return siteMapSource({ toys: [], pages: [] });
      const { module, dependencies } = await runnerImport<Registry>("./app/toys/registry.ts", { configFile: false });
      for (const file of dependencies) this.addWatchFile(file);
      return siteMapSource(module);
    },
  };
}
