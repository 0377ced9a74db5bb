import { PageLink } from "../../kit/ui/page-link";
import type { Article } from "./articles";
import { BODIES } from "./bodies";

/** One article: a way back, its date, title and body (data rendered as text, never as HTML). */
export function ArticlePage({ article }: { article: Article }) {
  return (
    <section className="mx-auto flex w-full max-w-2xl flex-1 flex-col gap-6 px-capped-4 py-10">
      <PageLink
        to="/blog"
        className="self-start rounded-full bg-white/90 px-4 py-2 font-bold text-rose-900 hover:bg-white"
      >
        <span aria-hidden="true">← </span>Back to Blog
      </PageLink>
      <article className="rounded-3xl bg-white/95 p-capped-6 text-slate-900 shadow-2xl sm:p-capped-10">
        <p className="text-sm font-semibold text-rose-800">
          <time dateTime={article.isoDate}>{article.date}</time>
        </p>
        <h1 className="mt-1 text-3xl font-black tracking-tight sm:text-4xl">{article.title}</h1>
        <p className="mt-4 text-xl text-slate-700">{article.excerpt}</p>
        {BODIES[article.slug].map((section) => (
          <section key={section.heading} className="mt-8">
            <h2 className="text-2xl font-black">{section.heading}</h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph.slice(0, 40)} className="mt-3 text-lg leading-relaxed">
                {paragraph}
              </p>
            ))}
            {section.list ? (
              <ul className="mt-3 list-disc space-y-2 pl-6 text-lg">
                {section.list.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            ) : null}
          </section>
        ))}
      </article>
    </section>
  );
}
