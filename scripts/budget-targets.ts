/**
 * The floor: an empty React Router 8 page built and served the same way (scripts/bench/floor),
 * loaded cold and counted as the budget counts every page (scripts/lib/cold-load.ts): the bytes of
 * JavaScript it downloads, headers included. `node scripts/budget.ts --floor` measures it again
 * (after an upgrade of React or React Router).
 */
export const FLOOR_COLD_LOAD_JS = 99_202;

/**
 * The byte budget (issue: interactive the moment it paints), shared by `npm test` and the bench.
 */
export const BUDGET = {
  /**
   * The JavaScript a cold load downloads, as transferred (headers and brotli bodies), what the page
   * fetches once it is live included: at most the floor's plus 12 KB.
   */
  coldLoadJs: FLOOR_COLD_LOAD_JS + 12 * 1024,
  // A page's own code is not budgeted apart (issue 46: one byte budget). It was: 8 KB brotli of what
  // the entry point lists, which pages met by fetching their network half once live, at the cost of
  // a request (400 bytes of headers) and a round trip before they were live. What a page loads
  // before it is live is judged by what it costs the visitor: the bench's live time and TBT.
  /**
   * The page's HTML (brotli). With the whole site's CSS inline it was 13.5-14.3 KB (2026-11-25);
   * with each page's own CSS (scripts/build/page-css.ts) it is 8.8-10.1 KB, the menu's links 0.7 KB
   * of it. On a 1.6 Mbps phone every 10 KB is 50 ms.
   */
  html: 11 * 1024,
} as const;
