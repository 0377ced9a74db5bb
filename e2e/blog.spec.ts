import { documentTitle } from "../app/kit/lib/meta";
import { ARTICLES, BLOG_STAGGER_S } from "../app/pages/blog/articles";
import { BODIES } from "../app/pages/blog/bodies";
import { expectStaggeredEntrance } from "./entrance";
import { expect, expectProblems, httpErrorLine, open, test } from "./fixtures";

test.describe("Blog", () => {
  test("'The Pointless Post': three cards, newest first, with date, title, excerpt and Read More", async ({ page }) => {
    await open(page, "/blog");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("The Pointless Post");
    const cards = page.getByRole("main").getByRole("listitem");
    await expect(cards).toHaveCount(3);
    await expect(cards.locator("time")).toHaveText(["October 3, 2025", "September 28, 2025", "September 15, 2025"]);
    for (const [i, article] of ARTICLES.entries()) {
      const card = cards.nth(i);
      await expect(card.getByRole("heading", { level: 2 })).toHaveText(article.title);
      await expect(card).toContainText(article.excerpt);
      const link = card.getByRole("link", { name: /Read More/ });
      await expect(link).toHaveText("Read More");
      await expect(link).toHaveAttribute("href", `/blog/${article.slug}`);
    }
    // Each card starts to appear 0.2 s after the one before, and has arrived 0.4 s later.
    expect(BLOG_STAGGER_S).toBe(0.2);
    await expectStaggeredEntrance(cards, BLOG_STAGGER_S, 0.4);
  });

  test("with reduced motion the cards are simply there", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await open(page, "/blog");
    const cards = page.getByRole("main").getByRole("listitem");
    await expect(cards).toHaveCount(3);
    const names = await cards.evaluateAll((els) => els.map((el) => getComputedStyle(el).animationName));
    expect(names).toEqual(["none", "none", "none"]);
  });

  test("Read More opens the article, Back to Blog returns", async ({ page }) => {
    await open(page, "/blog");
    await page.getByRole("link", { name: "Read More: The Philosophy of the Loading Bar" }).click();
    await expect(page).toHaveURL(/\/blog\/the-philosophy-of-the-loading-bar$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("The Philosophy of the Loading Bar");
    await expect(page.locator("main article time")).toHaveText("September 28, 2025");
    await expect(page).toHaveTitle(documentTitle("The Philosophy of the Loading Bar"));
    await expect(page.getByRole("main").getByRole("heading", { level: 2 }).first()).toBeVisible();
    await expect(page.getByRole("main").locator("article ul li").first()).toBeVisible();
    await page.getByRole("link", { name: "Back to Blog" }).click();
    await expect(page).toHaveURL(/\/blog$/);
  });

  for (const article of ARTICLES) {
    test(`${article.slug} is pre-rendered with its own title and description`, async ({ request }) => {
      const html = await (await request.get(`/blog/${article.slug}`)).text();
      expect(html).toContain(`<title>${documentTitle(article.title)}</title>`);
      expect(html).toContain(`<meta name="description" content="${article.excerpt.replace(/'/g, "&#x27;")}"/>`);
      expect(html).toContain(BODIES[article.slug][0]?.heading ?? "");
    });
  }

  test("an unknown slug, loaded directly, redirects to /blog, replacing the history entry", async ({
    page,
    problems,
  }) => {
    await open(page, "/about");
    await page.goto("/blog/no-such-post");
    await expect(page).toHaveURL(/\/blog$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("The Pointless Post");
    await page.goBack();
    await expect(page).toHaveURL(/\/about$/);
    // The server answers the unknown slug with the 404 fallback; the browser logs that status.
    await expectProblems(problems, [httpErrorLine("/blog/no-such-post")]);
  });

  test("an unknown slug, reached in the app, redirects to /blog, replacing the history entry", async ({ page }) => {
    await open(page, "/about");
    await page.evaluate(() => {
      window.history.pushState({}, "", "/blog/nope");
      window.dispatchEvent(new PopStateEvent("popstate"));
    });
    await expect(page).toHaveURL(/\/blog$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("The Pointless Post");
    await page.goBack();
    await expect(page).toHaveURL(/\/about$/);
  });
});
