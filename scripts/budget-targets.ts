/** The byte budget (issue: performance at the framework's floor), shared by npm test and the bench. */
export const BUDGET = {
  /** Everything a page loads before it is interactive. The framework alone is ~111 KB. */
  firstLoadJs: 120 * 1024,
  /** The page's own code, beyond the shared shell. */
  ownJs: 10 * 1024,
} as const;
