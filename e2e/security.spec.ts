import { expect, open, test } from "./fixtures";

/**
 * The policy at work in a browser. The headers themselves, on every kind of file, are checked on
 * the build without one (scripts/build/built-site.test.ts).
 */
test.describe("security headers", () => {
  test("an injected inline script does not run", async ({ page, problems }) => {
    await open(page, "/");
    const ran = await page.evaluate(() => {
      const script = document.createElement("script");
      script.textContent = "window.__pwned = true";
      document.body.append(script);
      return (window as unknown as { __pwned?: boolean }).__pwned === true;
    });
    expect(ran).toBe(false);
    // The refusal is logged by the browser: that is the policy working.
    expect(problems.some((p) => p.includes("Content Security Policy"))).toBe(true);
    problems.splice(0, problems.length, ...problems.filter((p) => !p.includes("Content Security Policy")));
  });
});
