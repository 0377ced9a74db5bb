import { readFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { join } from "node:path";
import sirv from "sirv";

const FALLBACK = "/__spa-fallback.html";

/** The headers the build computed (scripts/build/security.ts), as it wrote them to build/headers.json. */
interface BuildHeaders {
  response: Record<string, string>;
  document: Record<string, string>;
  shareImages?: { prefix: string; headers: Record<string, string> };
  csp: Record<string, string>;
}

/** Whether a served file is a document, or the service worker's script (scripts/build/security.ts). */
const isDocument = (file: string) => file.endsWith(".html") || file === "/sw.js";

/** A page's policy is keyed by its file: "/" -> "/index.html", "/hi" and "/hi/" -> "/hi/index.html". */
const fileOf = (pathname: string) => (/\.\w+$/.test(pathname) ? pathname : `${pathname.replace(/\/$/, "")}/index.html`);

/**
 * Serves the production build (`dir`, build/client) the way a static host would: pre-rendered pages
 * at /path and /path/, precompressed files, hashed assets cached for a year, the security headers
 * the build computed (`dir/../headers.json`: `response` on every answer, `document` on pages and the
 * service worker, `shareImages` on the social previews, each page's `csp`), and the SPA fallback
 * with status 404 for anything else, including every path no file could have ("//", "/%").
 */
export function siteFiles(dir = "build/client") {
  const fallback = readFileSync(join(dir, FALLBACK));
  const headers = JSON.parse(readFileSync(join(dir, "..", "headers.json"), "utf8")) as BuildHeaders;

  function setSecurityHeaders(res: ServerResponse, pathname: string) {
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

  function notFound(req: IncomingMessage, res: ServerResponse) {
    setSecurityHeaders(res, FALLBACK);
    res.statusCode = 404;
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    res.setHeader("Cache-Control", "no-cache");
    res.end(req.method === "HEAD" ? undefined : fallback);
  }

  /** Serves `pathname` (already taken from the request line, without its query). */
  function serve(req: IncomingMessage, res: ServerResponse, pathname: string) {
    if (req.method !== "GET" && req.method !== "HEAD") {
      for (const [name, value] of Object.entries(headers.response)) res.setHeader(name, value);
      res.writeHead(405, { Allow: "GET, HEAD", "Content-Type": "text/plain; charset=utf-8" });
      res.end("Only GET and HEAD are allowed here.\n");
      return;
    }
    // Host configuration files and the fallback itself are not pages; nor is a path no file has.
    if (/^\/(_headers|404\.html|__spa-fallback\.html)(\.|$)/.test(pathname) || pathname.startsWith("//")) {
      notFound(req, res);
      return;
    }
    files(req, res, () => notFound(req, res));
  }

  return { serve, responseHeaders: headers.response };
}

export type SiteFiles = ReturnType<typeof siteFiles>;
