/** The year of the build, set by Vite's `define`; the pre-rendered footer shows it until hydration. */
declare const __BUILD_YEAR__: number;
/** The site's public origin (SITE_ORIGIN at build time, see scripts/build/site-origin.ts). */
declare const __SITE_ORIGIN__: string;

interface Window {
  /** Set by the pre-rendered page's bootstrap (scripts/build/bootstrap.ts): replays held clicks. */
  __pointlessLive?: () => void;
  /**
   * Set by the bootstrap: switches on the site's whole stylesheet (each page comes with its own
   * CSS only) and resolves once it is in. Not there in development, where all CSS is in.
   */
  __pointlessStyles?: () => Promise<void>;
  /**
   * Set by the bootstrap: where a navigation in progress is going (null when none is), so that a
   * reload for a page that could not load goes on there. Not there in development.
   */
  __pointlessGoing?: (href: string | null) => void;
}

/**
 * Every page's path and menu label, from the registry at build time (scripts/build/site-map-module.ts):
 * on the server only; the browser's copy is empty (the menu is in every page's HTML).
 */
declare module "virtual:site-map" {
  export const toys: readonly { readonly path: string; readonly label: string }[];
  export const pages: readonly { readonly path: string; readonly label: string }[];
}

/** The shared wall's palette (contracts/wall.ts), as data made at build time (scripts/build/wall-palette-module.ts). */
declare module "virtual:wall-palette" {
  export const PALETTE: readonly { readonly char: string; readonly name: string }[];
}
