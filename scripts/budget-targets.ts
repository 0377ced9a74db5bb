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
} as const;
