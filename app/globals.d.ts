/** The year of the build, set by Vite's `define`; the pre-rendered footer shows it until hydration. */
declare const __BUILD_YEAR__: number;
/** The site's public origin (SITE_ORIGIN at build time, see scripts/build/site-origin.ts). */
declare const __SITE_ORIGIN__: string;

interface Window {
  /** Set by the pre-rendered page's bootstrap (scripts/build/bootstrap.ts): replays held clicks. */
  __pointlessLive?: () => void;
  /**
   * Set by the bootstrap: reloads the page unless it already did so in the last minute, and says
   * whether it did. Not there in development (React Router's own scripts start the page).
   */
  __pointlessReload?: () => boolean;
}

/** Every page's path and menu label, from the registry at build time (scripts/build/site-map-module.ts). */
declare module "virtual:site-map" {
  export const toys: readonly { readonly path: string; readonly label: string }[];
  export const pages: readonly { readonly path: string; readonly label: string }[];
}
