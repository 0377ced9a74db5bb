// After `react-router build`: fold the bundler's runtime into the shell and minify every chunk once
// more, rewrite the pre-rendered HTML for a fast first paint, give every page its
// Content-Security-Policy, draw each page's social preview image, write the headers for `npm start`,
// static hosts and nginx, then precompress.
// Runs under the project's Node 24 (TypeScript type stripping).
import { copyFileSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { site } from "../app/kit/lib/site.ts";
import { closure, reachable } from "./build/chunk-graph.ts";
import { addCompileHints } from "./build/compile-hints.ts";
import { precompress } from "./build/compress.ts";
import { walk } from "./build/files.ts";
import { foldRuntime } from "./build/fold-runtime.ts";
import { transformHtml } from "./build/html.ts";
import { minifyAgain } from "./build/minify-again.ts";
import { writeNginxIncludes } from "./build/nginx-includes.ts";
import {
  addCspMeta,
  contentSecurityPolicy,
  DOCUMENT_HEADERS,
  headersFile,
  inlineScriptHashes,
  type PageHeaders,
  RESPONSE_HEADERS,
  SHARE_IMAGE_HEADERS,
  SHARE_IMAGE_PREFIX,
} from "./build/security.ts";
import { writeServiceWorker } from "./build/service-worker.ts";
import { writeShareImages } from "./build/share-images.ts";

const DIR = "build/client";
const FALLBACK = "__spa-fallback.html";

const headerCsp: Record<string, string> = {};
const pageHeaders: PageHeaders[] = [];
/** Each page's path and its pre-rendered HTML. */
const pages = new Map<string, string>();

// Before anything reads the chunks: the bundler's runtime joins the shell (fold-runtime.ts), and
// every chunk gets a second minifier's pass (minify-again.ts).
// A build for profiling (PROFILE_BUILD=1, unminified so a profile names React's functions and
// ours: scripts/bench/task-profile.ts) keeps its chunks as the bundler wrote them.
const profiling = Boolean(process.env.PROFILE_BUILD);
if (!profiling) foldRuntime(join(DIR, "assets"));
const minifiedAgain = profiling ? 0 : await minifyAgain(join(DIR, "assets"));
// After the minifiers, which would drop the comment: the start-up chunks compiled eagerly, off the
// main thread (compile-hints.ts).
addCompileHints(join(DIR, "assets"));

for (const file of walk(DIR).filter((f) => f.endsWith(".html"))) {
  const rewritten = transformHtml(
    relative(DIR, file),
    readFileSync(file, "utf8"),
    (href) => readFileSync(join(DIR, href), "utf8"),
    (urls) => [...closure(DIR, urls)],
    // The SPA fallback may render any page: it keeps the whole stylesheet.
    file.endsWith(FALLBACK) ? undefined : (urls) => [...reachable(DIR, urls)],
  );
  const hashes = inlineScriptHashes(rewritten);
  writeFileSync(file, addCspMeta(rewritten, contentSecurityPolicy(hashes, false)));

  const servedAs = `/${relative(DIR, file).split("\\").join("/")}`;
  headerCsp[servedAs] = contentSecurityPolicy(hashes, true);
  if (servedAs.endsWith("/index.html")) {
    const path = servedAs.slice(0, -"/index.html".length);
    pageHeaders.push({ paths: path === "" ? ["/"] : [path, `${path}/`], csp: headerCsp[servedAs] });
    pages.set(path === "" ? "/" : path, rewritten);
  }
}

// Static hosts (Netlify, Cloudflare Pages, GitHub Pages) answer unknown paths with 404.html.
copyFileSync(join(DIR, FALLBACK), join(DIR, "404.html"));
headerCsp["/404.html"] = headerCsp[`/${FALLBACK}`] as string;

writeFileSync(join(DIR, "_headers"), headersFile(pageHeaders));
writeFileSync(
  "build/headers.json",
  `${JSON.stringify(
    {
      response: RESPONSE_HEADERS,
      document: DOCUMENT_HEADERS,
      shareImages: { prefix: SHARE_IMAGE_PREFIX, headers: SHARE_IMAGE_HEADERS },
      csp: headerCsp,
    },
    null,
    2,
  )}\n`,
);

const drawn = writeShareImages(DIR, pages, readFileSync(join(DIR, "favicon.svg"), "utf8"), site.name);

const precached = writeServiceWorker(DIR, readFileSync("scripts/build/sw-template.js", "utf8"));

const compressed = precompress(DIR);
// nginx in front (deploy/nginx/pointless-toys.conf) sends each file's headers as `npm start` does.
const forNginx = writeNginxIncludes(DIR, "build/nginx");
console.log(
  `postbuild: rewrote ${pageHeaders.length} pages, drew ${drawn} share images, wrote headers (and nginx's for ${forNginx} files), precached ${precached.length} files in sw.js, precompressed ${compressed} files; terser's pass took ${minifiedAgain} bytes off the chunks`,
);
