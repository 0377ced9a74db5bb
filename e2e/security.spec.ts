import { expect, open, test } from "./fixtures";

const scriptSources = (csp: string) => csp.split(/;\s*/).find((d) => d.startsWith("script-src")) ?? "";

test.describe("security headers", () => {
  for (const path of ["/", "/no-such-page"]) {
    test(`${path} is served with a strict policy and the hardening headers`, async ({ request }) => {
      const response = await request.get(path);
      const headers = response.headers();
      const csp = headers["content-security-policy"] ?? "";
      expect(scriptSources(csp)).toMatch(/^script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+$/);
      expect(csp).not.toContain("unsafe-eval");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(headers["x-content-type-options"]).toBe("nosniff");
      expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      expect(headers["permissions-policy"]).toContain("camera=()");
      expect(headers["permissions-policy"]).toContain("microphone=()");
      expect(headers["cross-origin-opener-policy"]).toBe("same-origin");
      // The same policy travels inside the page, for hosts that cannot send headers.
      const html = await response.text();
      expect(html).toMatch(
        /<meta charSet="utf-8"\/><meta http-equiv="Content-Security-Policy" content="[^"]*script-src 'self' 'sha256-/,
      );
    });
  }

  test("the social preview images may be shown by other sites; everything else is this site's", async ({ request }) => {
    const image = await request.get("/og/hi.png");
    expect(image.status()).toBe(200);
    expect(image.headers()["cross-origin-resource-policy"]).toBe("cross-origin");
    expect(image.headers()["x-content-type-options"]).toBe("nosniff");
    expect((await request.get("/icons/icon-192.png")).headers()["cross-origin-resource-policy"]).toBe("same-origin");
    expect((await request.get("/hi")).headers()["cross-origin-resource-policy"]).toBe("same-origin");
  });

  test("hashed assets are cached for a year, pages revalidate", async ({ request }) => {
    const html = await (await request.get("/")).text();
    const asset = /"(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(asset).toBeTruthy();
    expect((await request.get(asset as string)).headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect((await request.get("/")).headers()["cache-control"]).toBe("no-cache");
  });

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

  test("pages are served at /path and /path/, the host files are not", async ({ request }) => {
    for (const path of ["/hi", "/hi/", "/blog/the-philosophy-of-the-loading-bar/"]) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(200);
      expect(await response.text(), path).toMatch(
        /<title>(Endless Hi|The Philosophy of the Loading Bar)[^<]*<\/title>/,
      );
    }
    expect((await request.get("/_headers")).status()).toBe(404);
    expect((await request.get("/404.html")).status()).toBe(404);
  });
});
