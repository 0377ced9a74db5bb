import type { PageEntry } from "../lib/page-entry";

/** What the menu shows of a page (the site map, scripts/build/site-map-module.ts). */
export type SiteLink = Pick<PageEntry, "path" | "label">;
