// Serves the production build (build/client) the way a static host would:
// pre-rendered pages at /path and /path/, precompressed files, hashed assets cached for a year,
// and the SPA fallback with status 404 for anything else.
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import { join } from "node:path";
import sirv from "sirv";

export function createSiteServer(dir = "build/client") {
  const fallback = readFileSync(join(dir, "__spa-fallback.html"));
  const files = sirv(dir, {
    brotli: true,
    gzip: true,
    etag: true,
    setHeaders(res, pathname) {
      const hashed = pathname.startsWith("/assets/");
      res.setHeader("Cache-Control", hashed ? "public, max-age=31536000, immutable" : "no-cache");
    },
  });
  return createServer((req, res) => {
    files(req, res, () => {
      res.statusCode = 404;
      res.setHeader("Content-Type", "text/html; charset=utf-8");
      res.setHeader("Cache-Control", "no-cache");
      res.end(req.method === "HEAD" ? undefined : fallback);
    });
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const port = Number(process.env.PORT ?? 3000);
  createSiteServer().listen(port, () => {
    console.log(`Serving the production build on http://localhost:${port}`);
  });
}
