/**
 * The floor: an empty React Router 8 page built and served the same way (scripts/bench/floor),
 * loaded cold and counted as the budget counts every page (scripts/lib/cold-load.ts): the bytes of
 * JavaScript it downloads, headers included. `node scripts/budget.ts --floor` measures it again
 * (after an upgrade of React or React Router).
 */
export const FLOOR_COLD_LOAD_JS = 99_659;

/**
 * The byte budget (issue: interactive the moment it paints), shared by `npm test` and the bench.
 */
export const BUDGET = {
  /**
   * The JavaScript a cold load downloads, as transferred (headers and brotli bodies), what the page
   * fetches once it is live included: at most the floor's plus 12 KB.
   */
  coldLoadJs: FLOOR_COLD_LOAD_JS + 12 * 1024,
  /** The page's own code, beyond the shared shell (brotli). */
  ownJs: 8 * 1024,
  /**
   * The page's HTML (brotli). With the whole site's CSS inline it was 13.5-14.3 KB (2026-11-25);
   * with each page's own CSS (scripts/build/page-css.ts) it is 8.8-10.1 KB, the menu's links 0.7 KB
   * of it. On a 1.6 Mbps phone every 10 KB is 50 ms.
   */
  html: 11 * 1024,
} as const;
