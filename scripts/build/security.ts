import { createHash } from "node:crypto";

/**
 * The site's security headers, from one source: `npm start` (server/static/static.ts) sends them,
 * and the build writes them as `_headers` for Netlify and Cloudflare Pages. Each pre-rendered
 * page also carries its Content-Security-Policy in a <meta> tag, so hosts that cannot set headers
 * (GitHub Pages) still enforce it.
 */

/** Browser features the site never uses, denied to it and to anything it could embed. */
const DENIED_FEATURES = [
  "accelerometer",
  "camera",
  "display-capture",
  "geolocation",
  "gyroscope",
  "hid",
  "magnetometer",
  "microphone",
  "midi",
  "payment",
  "serial",
  "usb",
  "xr-spatial-tracking",
];

/** What every response carries: how the browser may treat the bytes themselves. */
export const RESPONSE_HEADERS: Readonly<Record<string, string>> = {
  "X-Content-Type-Options": "nosniff",
  "Cross-Origin-Resource-Policy": "same-origin",
};

/**
 * What only means something on a document (and the service worker's script, whose fetches follow
 * its referrer policy). `npm start` speaks HTTP/1.1, where every header is sent in full on every
 * response: on the five scripts of a first load these were a third of a kilobyte each.
 *
 * No Cross-Origin-Opener-Policy (docs/decisions/0004-no-opener-policy.md): `same-origin` puts a
 * visitor arriving from any other page into a new browsing context group, so the page commits in
 * a renderer of its own, cold, and that commit task ran about twice as long (median 26 ms against
 * 14 ms on `/`); Lighthouse's simulation places it after the page's early paint, where it was most
 * of the site's TBT (median 36 ms against 4 ms). The site keeps nothing a cross-origin window
 * could learn from holding a handle to it, and framing stays denied.
 */
export const DOCUMENT_HEADERS: Readonly<Record<string, string>> = {
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Permissions-Policy": DENIED_FEATURES.map((feature) => `${feature}=()`).join(", "),
  "X-Frame-Options": "DENY",
};

/**
 * The social preview images (under /og/) are for other sites: a chat app may show one in its own
 * page straight from ours, which `Cross-Origin-Resource-Policy: same-origin` would block.
 */
export const SHARE_IMAGE_PREFIX = "/og/";
export const SHARE_IMAGE_HEADERS: Readonly<Record<string, string>> = { "Cross-Origin-Resource-Policy": "cross-origin" };

/**
 * All of them. Static hosts get these on every path (their `_headers` cannot tell documents from
 * assets, and over HTTP/2 and HTTP/3 a repeated header costs a few bytes).
 */
export const COMMON_HEADERS: Readonly<Record<string, string>> = { ...RESPONSE_HEADERS, ...DOCUMENT_HEADERS };

/** sha256 sources for every inline <script> of a page (React Router's pre-render emits a few). */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes, body] of html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)) {
    if (/\ssrc=/.test(attributes ?? "")) continue;
    hashes.add(
      `'sha256-${createHash("sha256")
        .update(body ?? "")
        .digest("base64")}'`,
    );
  }
  return [...hashes].sort();
}

/**
 * The policy of one page. Scripts: this origin and the page's own inline scripts by hash, never
 * 'unsafe-inline' or 'unsafe-eval'. Styles allow inline because pre-rendered elements carry style
 * attributes (rotations, positions). `frame-ancestors` only works as a header, not in <meta>.
 */
export function contentSecurityPolicy(scriptHashes: readonly string[], asHeader: boolean): string {
  const directives = [
    "default-src 'self'",
    `script-src 'self' ${scriptHashes.join(" ")}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "media-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ];
  if (asHeader) directives.push("frame-ancestors 'none'");
  return directives.join("; ");
}

/** Puts the page's policy in a <meta> right after the charset, before any script can run. */
export function addCspMeta(html: string, policy: string): string {
  const meta = `<meta http-equiv="Content-Security-Policy" content="${policy.replace(/"/g, "&quot;")}"/>`;
  const charset = /<meta charSet="utf-8"\/>/i;
  if (!charset.test(html)) throw new Error("pre-rendered page without <meta charSet>: cannot place the CSP");
  return html.replace(charset, (tag) => `${tag}${meta}`);
}

export interface PageHeaders {
  /** URL paths that answer with this page, e.g. ["/hi", "/hi/"]. */
  paths: string[];
  csp: string;
}

/** A Netlify / Cloudflare Pages `_headers` file: common headers everywhere, each page its own CSP. */
export function headersFile(pages: readonly PageHeaders[]): string {
  const block = (path: string, headers: Record<string, string>) =>
    [path, ...Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`)].join("\n");
  return `${[
    block("/*", { ...COMMON_HEADERS }),
    block("/assets/*", { "Cache-Control": "public, max-age=31536000, immutable" }),
    // Hosts that join this with the /* value send "same-origin, cross-origin", which browsers
    // ignore as invalid: the images are embeddable either way.
    block(`${SHARE_IMAGE_PREFIX}*`, { ...SHARE_IMAGE_HEADERS }),
    ...pages.flatMap((page) => page.paths.map((path) => block(path, { "Content-Security-Policy": page.csp }))),
  ].join("\n\n")}\n`;
}
