import { Navigate, useLocation } from "react-router";
import { pageHandle, pageMeta } from "../../kit/lib/meta";
import { ArticlePage } from "./article-page";
import { findArticle } from "./articles";
import { toy } from "./toy";

/** Each article has its own static route (see toy.ts), so the slug is the path's last segment. */
const slugOf = (pathname: string) => pathname.replace(/\/+$/, "").split("/").pop();

export const meta = ({ location }: { location: { pathname: string } }) => {
  const article = findArticle(slugOf(location.pathname));
  return article
    ? pageMeta({ title: article.title, description: article.excerpt, path: `/blog/${article.slug}` })()
    : [];
};
export const handle = pageHandle(toy);

export default function Route() {
  const article = findArticle(slugOf(useLocation().pathname));
  return article ? <ArticlePage article={article} /> : <Navigate to="/blog" replace />;
}
