import type { CSSProperties } from "react";
import { PageLink } from "../../kit/ui/page-link";
import { ToyPage } from "../../kit/ui/toy-page";
import { articlesNewestFirst, BLOG_STAGGER_S } from "./articles";

export function Blog() {
  return (
    <ToyPage
      title="The Pointless Post"
      intro="Long reads for short attention spans. Updated whenever we feel like it (rarely)."
    >
      <ul className="flex w-full max-w-2xl flex-col gap-5 text-left">
        {articlesNewestFirst().map((article, i, all) => (
          <li
            key={article.slug}
            className="stagger-in rounded-3xl bg-white/95 p-capped-6 text-slate-900 shadow-xl"
            style={{ "--card": i, "--cards": all.length, "--stagger": BLOG_STAGGER_S } as CSSProperties}
          >
            <article>
              <p className="text-sm font-semibold text-rose-800">
                <time dateTime={article.isoDate}>{article.date}</time>
              </p>
              <h2 className="mt-1 text-2xl font-black">{article.title}</h2>
              <p className="mt-2 text-lg">{article.excerpt}</p>
              <PageLink
                to={`/blog/${article.slug}`}
                aria-label={`Read More: ${article.title}`}
                className="mt-4 inline-block rounded-full bg-rose-800 px-5 py-2 font-bold text-white hover:bg-rose-900"
              >
                Read More
              </PageLink>
            </article>
          </li>
        ))}
      </ul>
    </ToyPage>
  );
}
