import type { PageEntry } from "../../kit/lib/page-entry";
import { ARTICLE_SLUGS } from "./slugs";

export const toy = {
  slug: "blog",
  path: "/blog",
  label: "Blog",
  title: "The Pointless Post",
  description: "The Pointless Post: long-form writing about staring at walls, loading bars and pet rocks.",
  background:
    "linear-gradient(to bottom right, oklch(45.5% 0.188 13.697), oklch(40.8% 0.153 2.432), oklch(29.1% 0.149 302.717))",
  subRoutes: [
    // Each article is its own pre-rendered route (one module, one id per path)…
    ...ARTICLE_SLUGS.map((slug) => ({
      path: `/blog/${slug}`,
      id: `blog-article-${slug}`,
      file: "article-route.tsx",
      prerender: [`/blog/${slug}`],
    })),
    // …and any other slug lands here, which sends the visitor back to the list.
    { path: "/blog/:slug", file: "unknown-article-route.tsx", prerender: [] },
  ],
} satisfies PageEntry;
