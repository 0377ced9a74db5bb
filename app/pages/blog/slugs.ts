/** The three articles' slugs (spec section 3). Tiny on purpose: the registry imports it. */
export const ARTICLE_SLUGS = [
  "top-5-ways-to-stare-at-a-wall",
  "the-philosophy-of-the-loading-bar",
  "why-your-pet-rock-deserves-more-attention",
] as const;
