import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  addCspMeta,
  COMMON_HEADERS,
  contentSecurityPolicy,
  DOCUMENT_HEADERS,
  headersFile,
  inlineScriptHashes,
  RESPONSE_HEADERS,
} from "./security.ts";

const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
const page = `<html><head><meta charSet="utf-8"/><title>x</title></head><body><script>window.a = 1;</script><script type="module" async="">import "/x.js";</script><script src="/y.js"></script></body></html>`;

describe("security headers", () => {
  it("hashes every inline script and skips external ones", () => {
    expect(inlineScriptHashes(page)).toEqual([sha("window.a = 1;"), sha('import "/x.js";')].sort());
  });

  it("never allows inline or eval'd scripts without a hash", () => {
    const policy = contentSecurityPolicy(["'sha256-abc'"], true);
    const scripts = policy.split("; ").find((d) => d.startsWith("script-src")) ?? "";
    expect(scripts).toBe("script-src 'self' 'sha256-abc'");
    expect(policy).not.toContain("unsafe-eval");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
  });

  it("leaves frame-ancestors out of the <meta> policy, where browsers ignore it", () => {
    expect(contentSecurityPolicy([], false)).not.toContain("frame-ancestors");
  });

  it("puts the policy right after the charset, before any script", () => {
    const out = addCspMeta(page, "default-src 'self'");
    expect(out).toContain(
      `<meta charSet="utf-8"/><meta http-equiv="Content-Security-Policy" content="default-src 'self'"/>`,
    );
  });

  it("sends nosniff on everything; a referrer policy, denied features and no framing on documents", () => {
    expect(RESPONSE_HEADERS["X-Content-Type-Options"]).toBe("nosniff");
    expect(DOCUMENT_HEADERS["X-Frame-Options"]).toBe("DENY");
    expect(RESPONSE_HEADERS["X-Frame-Options"]).toBeUndefined();
    expect(COMMON_HEADERS["X-Content-Type-Options"]).toBe("nosniff");
    expect(COMMON_HEADERS["Referrer-Policy"]).toBeTruthy();
    expect(COMMON_HEADERS["Permissions-Policy"]).toContain("camera=()");
    // An opener policy costs every first visit a cold renderer (docs/decisions/0004-no-opener-policy.md).
    expect(COMMON_HEADERS["Cross-Origin-Opener-Policy"]).toBeUndefined();
  });

  it("writes a _headers file with common headers and a CSP per page path", () => {
    const file = headersFile([{ paths: ["/hi", "/hi/"], csp: "default-src 'self'" }]);
    expect(file).toMatch(/^\/\*\n {2}X-Content-Type-Options: nosniff/);
    expect(file).toContain("/hi\n  Content-Security-Policy: default-src 'self'");
    expect(file).toContain("/hi/\n  Content-Security-Policy: default-src 'self'");
    expect(file).toContain("/og/*\n  Cross-Origin-Resource-Policy: cross-origin");
  });
});
