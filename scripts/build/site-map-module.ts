import type { PageEntry } from "../../app/kit/lib/page-entry.ts";
import { buildTimeModule } from "./build-time-module.ts";

/** The module the menu's links are written from when a page is rendered (app/kit/shell/site-menu.tsx). */
export const SITE_MAP_ID = "virtual:site-map";

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
export const siteMapModule = () =>
  buildTimeModule(SITE_MAP_ID, async (load, ssr) =>
    siteMapSource(ssr ? await load<Registry>("./app/toys/registry.ts") : { toys: [], pages: [] }),
  );
