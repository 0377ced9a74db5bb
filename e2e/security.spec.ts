import { createHash } from "node:crypto";
import { expect, expectProblemsLike, open, test } from "./fixtures";

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
    // The refusal of this script (named by its hash) is logged by the browser, once for each of
    // the page's two policies (its header's and its own meta tag's): that is the policy working.
    const hash = createHash("sha256").update("window.__pwned = true").digest("base64");
    const refused = new RegExp(
      `^console\\.error: Executing inline script violates the following Content Security Policy directive 'script-src [^\\n]*a hash \\('sha256-${hash.replace(/[+/=]/g, "\\$&")}'\\)[^\\n]* The action has been blocked\\.$`,
    );
    await expectProblemsLike(problems, [refused, refused]);
  });
});
