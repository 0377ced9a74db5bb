import type { PageEntry } from "../lib/page-entry";

/** Every page, in menu order. The shell receives a loader for it, so it is not in the first load. */
export interface SiteMap {
  toys: readonly SiteLink[];
  pages: readonly SiteLink[];
}

/** What the menu shows of a page. */
export type SiteLink = Pick<PageEntry, "path" | "label">;

export type LoadSiteMap = () => Promise<SiteMap>;

/** Loads the site map once, on demand; a failed load (offline, new deploy) is retried next time. */
export function onceSiteMap(load: LoadSiteMap): LoadSiteMap {
  let pending: Promise<SiteMap> | undefined;
  return () => {
    pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
}
