/**
 * The shape every page declares once, in its folder's `toy.ts`, as
 * `export const toy = { ... } satisfies PageEntry` (type-checked, with no runtime import). Routes,
 * the menu, `meta`, backgrounds, the pre-render list and the route-wide browser tests all read it.
 */
export interface PageEntry {
  /** The folder name under app/toys or app/pages. */
  readonly slug: string;
  /** The URL path, as in the spec's route table. */
  readonly path: string;
  /** What the menu shows. */
  readonly label: string;
  /** The document title (the site name is appended by `pageMeta`). */
  readonly title: string;
  /** The meta description. */
  readonly description: string;
  /**
   * The page's background, a CSS background-image value (a gradient). Set inline by the shell, so
   * the stylesheet every page inlines does not carry forty gradients (~30 KB).
   */
  readonly background: string;
  /** Extra routes owned by the same folder (e.g. /blog/:slug), with the concrete paths to pre-render. */
  readonly subRoutes?: readonly SubRoute[];
}

export interface SubRoute {
  /** Route pattern, e.g. "/blog/:slug", or a concrete path. */
  readonly path: string;
  /** A route id, needed when one module serves several paths. */
  readonly id?: string;
  /** Route module file name inside the owner's folder, e.g. "article-route.tsx". */
  readonly file: string;
  /** Concrete URLs to pre-render for this pattern. */
  readonly prerender: readonly string[];
}
