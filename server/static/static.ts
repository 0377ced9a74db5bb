import { readdirSync, readFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { join, resolve, sep } from "node:path";
import { errorText, type Logger, routeText } from "../ops/log.ts";
import { sendFile } from "./send-file.ts";
import { siteFileOf } from "./site-path.ts";

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
/** The build's hashed files: named by their content, cached for a year, never asked for again. */
const isImmutable = (file: string) => file.startsWith("/assets/");

/** Out of file descriptors for now: worth trying again in a moment. */
const BUSY = new Set(["EMFILE", "ENFILE", "EAGAIN"]);

/**
 * Serves the production build (`dir`, build/client) the way a static host would: pre-rendered pages
 * at /path and /path/, precompressed files, hashed assets cached for a year, the security headers
 * the build computed (`dir/../headers.json`: `response` on every answer, `document` on pages and the
 * service worker, `shareImages` on the social previews, each page's `csp`), and the SPA fallback
 * with status 404 for anything else, including every path no file could be ("//", "/%", "/..").
 *
 * Which file a path is, is decided once, by siteFileOf, and the block, the headers and the file
 * served all follow that one answer. The files themselves are read by send-file.ts, not by a
 * library: sirv, used before, read with a stream that had no error handler (a file gone in a
 * deploy, or EMFILE under load, ended the process), kept each file's length from the start (a
 * file rewritten in place was sent with its old length), and decoded the path after our checks
 * had read it raw (so "/%5Fheaders" was served). A file that is missing now is a 404 (and a log
 * line, if it was part of the build), one that cannot be read a 500, and no file descriptor left
 * a 503 with Retry-After; the process goes on.
 */
export function siteFiles(dir = "build/client", log?: Logger): SiteFiles {
  const root = resolve(dir);
  const fallback = readFileSync(join(dir, FALLBACK));
  const headers = JSON.parse(readFileSync(join(dir, "..", "headers.json"), "utf8")) as BuildHeaders;
  // The build's files as the server found them, so a file that goes missing later is worth a log
  // line and an unknown path (a bot's guess) is not.
  const built = new Set(
    readdirSync(root, { recursive: true, encoding: "utf8" }).map((name) => `/${name.split(sep).join("/")}`),
  );

  /** Every header of an answer with `file`: the security headers, its policy, and caching. */
  function headersFor(file: string): Record<string, string> {
    const set = { ...headers.response, ...(isDocument(file) ? headers.document : {}) };
    if (headers.shareImages && file.startsWith(headers.shareImages.prefix))
      Object.assign(set, headers.shareImages.headers);
    const policy = headers.csp[file];
    if (policy) set["Content-Security-Policy"] = policy;
    set["Cache-Control"] = isImmutable(file) ? "public, max-age=31536000, immutable" : "no-cache";
    return set;
  }

  function notFound(req: IncomingMessage, res: ServerResponse) {
    res.writeHead(404, {
      ...headersFor(FALLBACK),
      "Content-Type": "text/html; charset=utf-8",
      "Content-Length": fallback.length,
    });
    res.end(req.method === "HEAD" ? undefined : fallback);
  }

  function plain(res: ServerResponse, status: number, text: string, extra: Record<string, string> = {}) {
    res.writeHead(status, { ...headers.response, "Content-Type": "text/plain; charset=utf-8", ...extra });
    res.end(`${text}\n`);
  }

  // Without file descriptors every request fails alike: one line a second says how many did.
  let busySince = 0;
  let busyCount = 0;
  function logBusy(code: string) {
    busyCount++;
    if (Date.now() - busySince < 1000) return;
    log?.error("cannot open files", { error: code, requests: busyCount });
    busySince = Date.now();
    busyCount = 0;
  }

  async function serve(req: IncomingMessage, res: ServerResponse, pathname: string) {
    if (req.method !== "GET" && req.method !== "HEAD") {
      plain(res, 405, "Only GET and HEAD are allowed here.", { Allow: "GET, HEAD" });
      return;
    }
    const file = siteFileOf(pathname);
    if (file === null) return notFound(req, res);
    const readFailed = (error: NodeJS.ErrnoException) =>
      log?.error("file read failed", { file: routeText(file), error: error.code ?? errorText(error) });
    try {
      const sent = await sendFile(req, res, {
        root,
        file,
        headers: headersFor(file),
        validators: !isImmutable(file),
        onReadError: readFailed,
      });
      if (sent === "missing") {
        // Said once per file: old tabs may ask for it many times.
        if (built.delete(file)) log?.warn("file of the build is missing", { file: routeText(file), error: "ENOENT" });
        notFound(req, res);
      }
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? "";
      if (BUSY.has(code)) logBusy(code);
      else readFailed(error as NodeJS.ErrnoException);
      if (res.headersSent) res.destroy();
      else if (BUSY.has(code))
        plain(res, 503, "Too busy to read files just now. Try again in a moment.", {
          "Retry-After": "1",
          "Cache-Control": "no-store",
        });
      else plain(res, 500, "This file cannot be read just now.", { "Cache-Control": "no-store" });
    }
  }

  return { serve, responseHeaders: headers.response, headersFor };
}

export interface SiteFiles {
  /** Answers a request for `pathname` (taken from the request line, without its query). */
  serve(req: IncomingMessage, res: ServerResponse, pathname: string): void | Promise<void>;
  /** The headers every answer carries (the API's too). */
  responseHeaders: Record<string, string>;
  /**
   * Every header the server sends with `file` (a path siteFileOf gives), besides the file's own
   * (type, length, ETag): what the build's nginx includes are written from (scripts/build/nginx-includes.ts).
   */
  headersFor(file: string): Record<string, string>;
}
