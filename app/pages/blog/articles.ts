import type { ARTICLE_SLUGS } from "./slugs";

/** A hard-coded article (spec section 3). The list needs only this; bodies.ts holds the bodies. */
export interface Article {
  slug: (typeof ARTICLE_SLUGS)[number];
  title: string;
  excerpt: string;
  /** Long-form date, as shown. */
  date: string;
  /** The same date for machines. */
  isoDate: string;
}

export const ARTICLES: readonly Article[] = [
  {
    slug: "top-5-ways-to-stare-at-a-wall",
    title: "Top 5 Ways to Stare at a Wall",
    excerpt:
      "Walls: they're always there for you. Here are five proven techniques for giving them the attention they deserve.",
    date: "October 3, 2025",
    isoDate: "2025-10-03",
  },
  {
    slug: "the-philosophy-of-the-loading-bar",
    title: "The Philosophy of the Loading Bar",
    excerpt: "Is the loading bar a promise, a prophecy, or a polite lie? We sat at 99% for three days to find out.",
    date: "September 28, 2025",
    isoDate: "2025-09-28",
  },
  {
    slug: "why-your-pet-rock-deserves-more-attention",
    title: "Why Your Pet Rock Deserves More Attention",
    excerpt:
      "Your pet rock has been loyal, quiet and low-maintenance for years. Have you ever once asked how its day was?",
    date: "September 15, 2025",
    isoDate: "2025-09-15",
  },
];

/** The articles, newest first. */
export function articlesNewestFirst(articles: readonly Article[] = ARTICLES): Article[] {
  return [...articles].sort((a, b) => b.isoDate.localeCompare(a.isoDate));
}

export function findArticle(slug: string | undefined): Article | undefined {
  return ARTICLES.find((a) => a.slug === slug);
}

/** Each card of the list enters 0.2 s after the one before (spec section 9). */
export const BLOG_STAGGER_S = 0.2;
