import { describe, expect, it } from "vitest";
import { ARTICLES, articlesNewestFirst, BLOG_STAGGER_S, findArticle } from "./articles";
import { BODIES } from "./bodies";
import { ARTICLE_SLUGS } from "./slugs";

describe("the blog's articles", () => {
  it("are the spec's three, with their dates in long form", () => {
    expect(ARTICLES.map((a) => [a.slug, a.date])).toEqual([
      ["top-5-ways-to-stare-at-a-wall", "October 3, 2025"],
      ["the-philosophy-of-the-loading-bar", "September 28, 2025"],
      ["why-your-pet-rock-deserves-more-attention", "September 15, 2025"],
    ]);
    expect(ARTICLES.map((a) => a.slug)).toEqual([...ARTICLE_SLUGS]);
    for (const a of ARTICLES)
      expect(
        new Date(`${a.isoDate}T12:00:00Z`).toLocaleDateString("en-US", { dateStyle: "long", timeZone: "UTC" }),
      ).toBe(a.date);
  });

  it("are listed newest first, 0.2 s apart", () => {
    expect(articlesNewestFirst().map((a) => a.isoDate)).toEqual(["2025-10-03", "2025-09-28", "2025-09-15"]);
    expect(BLOG_STAGGER_S).toBe(0.2);
  });

  it("each have a few hundred words, headings and a list, as plain text", () => {
    for (const a of ARTICLES) {
      const words = BODIES[a.slug]
        .flatMap((s) => [...s.paragraphs, ...(s.list ?? [])])
        .join(" ")
        .split(/\s+/).length;
      expect(words, a.slug).toBeGreaterThan(250);
      expect(BODIES[a.slug].length).toBeGreaterThanOrEqual(3);
      expect(BODIES[a.slug].some((s) => (s.list?.length ?? 0) > 2)).toBe(true);
      for (const text of BODIES[a.slug].flatMap((s) => [s.heading, ...s.paragraphs, ...(s.list ?? [])])) {
        expect(text).not.toMatch(/<[a-z/]/i);
      }
    }
  });

  it("finds an article by slug, and nothing for an unknown one", () => {
    expect(findArticle("the-philosophy-of-the-loading-bar")?.title).toBe("The Philosophy of the Loading Bar");
    expect(findArticle("nope")).toBeUndefined();
    expect(findArticle(undefined)).toBeUndefined();
  });
});
