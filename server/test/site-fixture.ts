import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * A tiny build for the server's tests (they run before `npm run build`): the home page and a page
 * at /hi, each with its own policy, the 404 fallback (and its copy 404.html), the static hosts'
 * `_headers`, a hashed asset and the headers file, as the build writes them. SITE_DIR points at
 * `client`; `dataDir` is a fresh folder for SQLite.
 */
export function makeSiteFixture() {
  const root = mkdtempSync(join(tmpdir(), "server-test-"));
  const client = join(root, "client");
  mkdirSync(join(client, "hi"), { recursive: true });
  mkdirSync(join(client, "assets"));
  writeFileSync(
    join(root, "headers.json"),
    JSON.stringify({
      response: { "X-Content-Type-Options": "nosniff" },
      document: { "X-Frame-Options": "DENY", "Referrer-Policy": "strict-origin-when-cross-origin" },
      csp: {
        "/hi/index.html": "default-src 'self'",
        "/index.html": "default-src 'self'; base-uri 'none'",
        "/__spa-fallback.html": "default-src 'none'",
        "/404.html": "default-src 'none'",
      },
    }),
  );
  writeFileSync(join(client, "__spa-fallback.html"), "<p>fallback</p>");
  writeFileSync(join(client, "404.html"), "<p>fallback</p>");
  writeFileSync(join(client, "_headers"), "/*\n  X-Content-Type-Options: nosniff\n");
  writeFileSync(join(client, "index.html"), "<p>home</p>");
  writeFileSync(join(client, "hi", "index.html"), "<p>hi</p>");
  writeFileSync(join(client, "assets", "app-abc123.js"), "export {};");
  return {
    root,
    client,
    dataDir: join(root, "data"),
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}
