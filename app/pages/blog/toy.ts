import type { PageEntry } from "../../kit/lib/page-entry";
import { ARTICLE_SLUGS } from "./slugs";

export const toy = {
  slug: "blog",
  path: "/blog",
  label: "Blog",
  title: "The Pointless Post",
  description: "The Pointless Post: long-form writing about staring at walls, loading bars and pet rocks.",
  background: "bg-linear-to-br from-rose-800 via-pink-900 to-purple-950",
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
