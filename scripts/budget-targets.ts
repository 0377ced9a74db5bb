/**
 * The byte budget (issue: interactive the moment it paints), shared by `npm test` and the bench.
 * The floor, an empty React Router 8 page built and served the same way, loads 96.4 KB of
 * JavaScript on a cold load; every page here may load at most 12 KB more.
 */
export const BUDGET = {
  /** Everything a page loads before it is interactive, as sent: brotli bodies plus response headers. */
  firstLoadJs: 108 * 1024,
  /** The page's own code, beyond the shared shell (brotli). */
  ownJs: 8 * 1024,
  /**
   * The page's HTML (brotli). With the whole site's CSS inline it was 13.5-14.3 KB (2026-11-25);
   * with each page's own CSS (scripts/build/page-css.ts) it is 8.8-10.1 KB, the menu's links 0.7 KB
   * of it. On a 1.6 Mbps phone every 10 KB is 50 ms.
   */
  html: 11 * 1024,
} as const;
