import { isRouteErrorResponse } from "react-router";
import type { PageEntry } from "./page-entry";
import { SHARE_IMAGE, shareImagePath } from "./share-image";
import { site } from "./site";

export interface MetaTag {
  title?: string;
  name?: string;
  property?: string;
  content?: string;
}

/** The document title for a page: its own title, then the site name. */
export function documentTitle(title: string): string {
  return `${title} | ${site.name}`;
}

/** A page's title (with the site's name) and its description. */
function titleAndDescription(entry: Pick<PageEntry, "title" | "description">): MetaTag[] {
  return [{ title: documentTitle(entry.title) }, { name: "description", content: entry.description }];
}

/**
 * `meta` for a route module: the page's own title and description from its registry entry, and
 * its social preview (Open Graph and X card) with the picture the build draws for it.
 */
export function pageMeta(entry: Pick<PageEntry, "title" | "description" | "path">): () => MetaTag[] {
  const url = `${site.origin}${entry.path}`;
  const image = `${site.origin}${shareImagePath(entry.path)}`;
  const tags: MetaTag[] = [
    ...titleAndDescription(entry),
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: site.name },
    { property: "og:title", content: entry.title },
    { property: "og:description", content: entry.description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:image:width", content: String(SHARE_IMAGE.width) },
    { property: "og:image:height", content: String(SHARE_IMAGE.height) },
    { property: "og:image:alt", content: `${entry.title}, a page of ${site.name}` },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: entry.title },
    { name: "twitter:description", content: entry.description },
    { name: "twitter:image", content: image },
  ];
  return () => tags;
}

/** What the shell needs from the page on screen, given by the route module's `handle` export. */
export interface PageHandle {
  page: Pick<PageEntry, "path" | "background">;
}

/**
 * `handle` for a route module: lets the shell paint the page's background and mark it current in
 * the menu without loading the whole registry up front.
 */
export function pageHandle(entry: Pick<PageEntry, "path" | "background">): PageHandle {
  return { page: { path: entry.path, background: entry.background } };
}

const NOT_FOUND = {
  title: "Page not found",
  description: "This page does not exist, which makes it the most pointless page of all.",
};
const BROKEN = {
  title: "This toy broke itself",
  description: "A toy with no purpose found a way to fail at it. Pick another one from the menu.",
};

/**
 * `meta` for the root route. When a page fails (an unknown path, a toy that throws) only the root's
 * meta is used, so it names the failure; otherwise each page's own meta wins, and the site name is
 * what the pre-rendered fallback page says before it knows more.
 */
export function rootMeta({ error }: { error?: unknown }): MetaTag[] {
  if (error == null) return [{ title: site.name }];
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return titleAndDescription(notFound ? NOT_FOUND : BROKEN);
}
