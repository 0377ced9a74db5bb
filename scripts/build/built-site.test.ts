import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { documentTitle } from "../../app/kit/lib/meta.ts";
import { SHARE_IMAGE, shareImagePath } from "../../app/kit/lib/share-image.ts";
import { allPages } from "../../app/toys/registry.ts";
import { createSiteServer } from "../../server/http/http.ts";
import { siteFiles } from "../../server/static/static.ts";
import { siteOrigin } from "./site-origin.ts";

/**
 * What every page is as served, read from the build (build/client, made by the project's global
 * setup if it is missing or stale) through the site's own HTTP server, in this process: the
 * pre-rendered HTML with its title, description and social preview, the preview's picture, and the
 * security and cache headers. None of it needs a browser (e2e/routes.spec.ts does what does).
 */
let origin: string;
let close: () => void;

beforeAll(async () => {
  const server = createSiteServer(siteFiles("build/client"));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

const get = (path: string) => fetch(origin + path, { redirect: "manual" });

const escapeHtml = (text: string) =>
  text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#x27;");

/** Each concrete URL: a page's path (its own title and description) and its sub-routes' pre-rendered paths. */
const urls = allPages.flatMap((entry) => [
  { entry, url: entry.path, own: true },
  ...(entry.subRoutes ?? []).flatMap((sub) => sub.prerender.map((url) => ({ entry, url, own: false }))),
]);

describe("every page as served", () => {
  it.each(urls)(
    "$url: pre-rendered with its heading, title, description and social preview",
    async ({ entry, url, own }) => {
      const response = await get(url);
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toMatch(/<h1[\s>]/);
      // The bundler's runtime is part of the shell (fold-runtime.ts): no page loads it apart.
      expect(html).not.toContain("rolldown-runtime");
      // Nothing the browser fetches by itself while the page is painted (Lighthouse counted such a
      // request as needed for the paint): the tab's icon is in the page, the manifest comes once live.
      expect(html.match(/<link rel="icon" href="([^"]*)"/)?.[1]).toMatch(/^data:image\/svg\+xml,<svg /);
      expect(html).not.toContain('rel="manifest"');
      if (own) {
        expect(html).toContain(`<title>${escapeHtml(documentTitle(entry.title))}</title>`);
        expect(html).toContain(`<meta name="description" content="${escapeHtml(entry.description)}"/>`);
        expect(html).toContain(`<meta property="og:title" content="${escapeHtml(entry.title)}"/>`);
        expect(html).toContain(`<meta property="og:description" content="${escapeHtml(entry.description)}"/>`);
      }
      // Open Graph and X card tags, absolute URLs on the configured origin, and a picture of the
      // right size that this server really has.
      const og = (property: string) =>
        html.match(new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)"/>`))?.[1];
      expect(og("og:title")).toBeTruthy();
      expect(og("og:description")).toBeTruthy();
      expect(og("og:url")).toBe(`${siteOrigin()}${url}`);
      expect(og("og:image")).toBe(`${siteOrigin()}${shareImagePath(url)}`);
      expect([og("og:image:width"), og("og:image:height")]).toEqual(["1200", "630"]);
      expect(og("twitter:card")).toBe("summary_large_image");
      expect(og("twitter:image")).toBe(og("og:image"));
      const image = await get(shareImagePath(url));
      expect(image.status).toBe(200);
      expect(image.headers.get("content-type")).toBe("image/png");
      const png = Buffer.from(await image.arrayBuffer());
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([SHARE_IMAGE.width, SHARE_IMAGE.height]);
    },
  );
});

const scriptSources = (csp: string) => csp.split(/;\s*/).find((d) => d.startsWith("script-src")) ?? "";

describe("security and cache headers", () => {
  it.each(["/", "/no-such-page"])("%s is served with a strict policy and the hardening headers", async (path) => {
    const response = await get(path);
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(scriptSources(csp)).toMatch(/^script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+$/);
    expect(csp).not.toContain("unsafe-eval");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("permissions-policy")).toContain("camera=()");
    expect(response.headers.get("permissions-policy")).toContain("microphone=()");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    // No opener policy: it put every first visit in a cold renderer (docs/decisions/0004-no-opener-policy.md).
    expect(response.headers.has("cross-origin-opener-policy")).toBe(false);
    // The same policy travels inside the page, for hosts that cannot send headers.
    expect(await response.text()).toMatch(
      /<meta charSet="utf-8"\/><meta http-equiv="Content-Security-Policy" content="[^"]*script-src 'self' 'sha256-/,
    );
  });

  it("lets other sites show the social preview images; everything else is this site's", async () => {
    const image = await get("/og/hi.png");
    expect(image.status).toBe(200);
    expect(image.headers.get("cross-origin-resource-policy")).toBe("cross-origin");
    expect(image.headers.get("x-content-type-options")).toBe("nosniff");
    expect((await get("/icons/icon-192.png")).headers.get("cross-origin-resource-policy")).toBe("same-origin");
    expect((await get("/hi")).headers.get("cross-origin-resource-policy")).toBe("same-origin");
  });

  it("caches hashed assets for a year; pages revalidate", async () => {
    const html = await (await get("/")).text();
    const asset = /"(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(asset).toBeTruthy();
    expect((await get(asset as string)).headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect((await get("/")).headers.get("cache-control")).toBe("no-cache");
  });

  it("serves pages at /path and /path/, and not the host's files", async () => {
    for (const path of ["/hi", "/hi/", "/blog/the-philosophy-of-the-loading-bar/"]) {
      const response = await get(path);
      expect(response.status, path).toBe(200);
      expect(await response.text(), path).toMatch(
        /<title>(Endless Hi|The Philosophy of the Loading Bar)[^<]*<\/title>/,
      );
    }
    expect((await get("/_headers")).status).toBe(404);
    expect((await get("/404.html")).status).toBe(404);
  });
});
