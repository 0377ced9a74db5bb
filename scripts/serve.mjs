// Serves the production build (build/client) the way a static host would: pre-rendered pages at
// /path and /path/, precompressed files, hashed assets cached for a year, the security headers the
// build computed (build/headers.json), and the SPA fallback with status 404 for anything else.
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import { join } from "node:path";
import sirv from "sirv";

const FALLBACK = "/__spa-fallback.html";

/** Whether a served file is a document, or the service worker's script (scripts/build/security.ts). */
const isDocument = (file) => file.endsWith(".html") || file === "/sw.js";

/**
 * Serves `dir`, headers from `dir/../headers.json` as the build wrote them: `response` on every
 * response, `document` on pages and the service worker, `shareImages` on the social preview
 * images, and each page's `csp`. With `api` (a Node
 * request listener, server/node.ts), requests under /api/ go to it.
 */
export function createSiteServer(dir = "build/client", { api } = {}) {
  const fallback = readFileSync(join(dir, FALLBACK));
  const headers = JSON.parse(readFileSync(join(dir, "..", "headers.json"), "utf8"));

  // A page's policy is keyed by its file: "/" -> "/index.html", "/hi" and "/hi/" -> "/hi/index.html".
  const fileOf = (pathname) => (/\.\w+$/.test(pathname) ? pathname : `${pathname.replace(/\/$/, "")}/index.html`);

  function setSecurityHeaders(res, pathname) {
    const file = fileOf(pathname);
    const set = { ...headers.response, ...(isDocument(file) ? headers.document : {}) };
    if (headers.shareImages && pathname.startsWith(headers.shareImages.prefix))
      Object.assign(set, headers.shareImages.headers);
    for (const [name, value] of Object.entries(set)) res.setHeader(name, value);
    const policy = headers.csp[file];
    if (policy) res.setHeader("Content-Security-Policy", policy);
  }

  const files = sirv(dir, {
    brotli: true,
    gzip: true,
    etag: true,
    setHeaders(res, pathname) {
      setSecurityHeaders(res, pathname);
      const hashed = pathname.startsWith("/assets/");
      res.setHeader("Cache-Control", hashed ? "public, max-age=31536000, immutable" : "no-cache");
    },
  });

  return createServer((req, res) => {
    if (api && (req.url ?? "").startsWith("/api/")) {
      for (const [name, value] of Object.entries(headers.response)) res.setHeader(name, value);
      api(req, res);
      return;
    }
    const notFound = () => {
      setSecurityHeaders(res, FALLBACK);
      res.statusCode = 404;
      res.setHeader("Content-Type", "text/html; charset=utf-8");
      res.setHeader("Cache-Control", "no-cache");
      res.end(req.method === "HEAD" ? undefined : fallback);
    };
    // Host configuration files and the fallback itself are not pages.
    if (/^\/(_headers|404\.html|__spa-fallback\.html)(\.|$)/.test(new URL(req.url ?? "/", "http://x").pathname)) {
      notFound();
      return;
    }
    files(req, res, notFound);
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const port = Number(process.env.PORT ?? 3000);
  createSiteServer().listen(port, () => {
    console.log(`Serving the production build on http://localhost:${port}`);
  });
}
