import { describe, expect, it } from "vitest";
import {
  bootPlan,
  deferBootstrap,
  dropModulePreloads,
  inlineStylesheets,
  readBootPlan,
  transformHtml,
} from "./html.ts";

const bootstrapScript = `<script type="module" async="">import "/assets/manifest-1.js";
import * as route0 from "/assets/root-2.js";
import * as route1 from "/assets/route-3.js";
  
  window.__reactRouterRouteModules = {"root":route0,"toys/hi/route":route1};

import("/assets/entry.client-4.js");</script>`;
const bootstrap = `<body><h1>Hi</h1>${bootstrapScript}</body>`;

/** A stand-in for the build's chunk graph: the root and the route module share a chunk. */
const closureOf = (urls: string[]) => [...new Set([...urls, "/assets/shell-5.js"])];

const page = `<html><head><meta charSet="utf-8"/><meta name="theme-color" content="#7e22ce"/><link rel="modulepreload" href="/assets/a.js"/><link rel="modulepreload" href="/assets/b.js"/><link rel="stylesheet" href="/assets/root.css"/></head><body><h1>Hi</h1></body></html>`;

describe("HTML rewrites", () => {
  it("inlines the stylesheet and keeps a non-blocking link for hydration", () => {
    const out = inlineStylesheets(page, (href) => (href === "/assets/root.css" ? "h1{color:red}" : ""));
    expect(out).toContain(`<style>h1{color:red}</style><link rel="stylesheet" href="/assets/root.css" disabled=""/>`);
    expect(out).not.toContain(`<link rel="stylesheet" href="/assets/root.css"/>`);
  });

  it("cannot be broken out of by a closing style tag in the CSS", () => {
    const out = inlineStylesheets(page, () => `a{content:"</style><script>x</script>"}`);
    expect(out).not.toContain("</style><script>");
  });

  it("drops every modulepreload link and nothing else", () => {
    const out = dropModulePreloads(page);
    expect(out).not.toContain("modulepreload");
    expect(out).toContain(`<link rel="stylesheet" href="/assets/root.css"/>`);
    expect(out).toContain("<h1>Hi</h1>");
  });

  it("stops the build, naming the page, when React Router's output is not as expected", () => {
    // As React Router writes it: a stylesheet link, modulepreload links and its start-up script.
    const framework = page.replace("</body>", `${bootstrapScript}</body>`);
    expect(() => transformHtml("hi/index.html", framework, () => "", closureOf)).not.toThrow();
    const cases: [string, RegExp][] = [
      [framework.replace(bootstrapScript, ""), /^hi\/index\.html: React Router's start-up module script not found/],
      [framework.replace('<script type="module" async="">', '<script type="module">'), /start-up module script/],
      [framework.replace(/<link rel="stylesheet"[^>]*>/, ""), /^hi\/index\.html: its stylesheet link not found/],
      [framework.replace(/<link rel="modulepreload"[^>]*>/g, ""), /its modulepreload links not found/],
      [
        framework.replace(/<meta name="theme-color"[^>]*>/, ""),
        /its theme colour \(the tab icon goes after it\) not found/,
      ],
    ];
    for (const [html, message] of cases) {
      expect(() => transformHtml("hi/index.html", html, () => "", closureOf)).toThrow(message);
    }
  });
});

describe("the bootstrap", () => {
  it("reads React Router's script into a plan: the modules, their route ids, the entry, every chunk to preload, and what they all import, first", () => {
    const script = /<script type="module" async="">([\s\S]*?)<\/script>/.exec(bootstrap)?.[1] ?? "";
    expect(bootPlan(script, closureOf)).toEqual({
      preload: [
        "/assets/manifest-1.js",
        "/assets/root-2.js",
        "/assets/route-3.js",
        "/assets/entry.client-4.js",
        "/assets/shell-5.js",
      ],
      first: ["/assets/shell-5.js"],
      modules: [
        { url: "/assets/manifest-1.js" },
        { url: "/assets/root-2.js", routeId: "root" },
        { url: "/assets/route-3.js", routeId: "toys/hi/route" },
      ],
      entry: "/assets/entry.client-4.js",
    });
  });

  it("replaces React Router's script with the bootstrap called with the plan, which reads back", () => {
    const out = deferBootstrap(bootstrap, closureOf);
    expect(out.startsWith("<body><h1>Hi</h1>")).toBe(true);
    expect(out).not.toMatch(/^import /m);
    expect(out).toContain("observe({type:`paint`,buffered:!0})");
    expect(out).toContain("export function boot(");
    expect(readBootPlan(out)?.entry).toBe("/assets/entry.client-4.js");
    expect(readBootPlan(out)?.preload).toHaveLength(5);
  });

  it("leaves pages without a bootstrap alone, and refuses one it does not understand", () => {
    expect(deferBootstrap("<p>hi</p>", closureOf)).toBe("<p>hi</p>");
    expect(() => deferBootstrap('<script type="module" async="">console.log(1)</script>', closureOf)).toThrow();
    expect(readBootPlan("<p>hi</p>")).toBeNull();
  });
});

describe("each page's own CSS", () => {
  const css = ".a{color:red}.b{color:blue}.c{color:green}";
  const withCss = bootstrap.replace(
    "<body>",
    `<head><meta name="theme-color" content="#7e22ce"/><link rel="modulepreload" href="/assets/root-2.js"/><link rel="stylesheet" href="/assets/root.css"/></head><body class="a">`,
  );
  const read = (href: string) =>
    href === "/assets/root.css" ? css : href === "/assets/route-3.js" ? 'n("b")' : "export{}";

  it("inlines only the rules the page's HTML and every module it can run name", () => {
    const reached: string[][] = [];
    const out = transformHtml("hi/index.html", withCss, read, closureOf, (urls) => {
      reached.push(urls);
      return closureOf(urls);
    });
    expect(out).toContain(`<style>.a{color:red}.b{color:blue}</style>`);
    expect(out).toContain(`<link rel="stylesheet" href="/assets/root.css" disabled=""/>`);
    // From the page's own modules and entry.
    expect(reached[0]).toEqual([
      "/assets/manifest-1.js",
      "/assets/root-2.js",
      "/assets/route-3.js",
      "/assets/entry.client-4.js",
    ]);
  });

  it("inlines all of it for a page that may render any other (no reachableOf)", () => {
    expect(transformHtml("hi/index.html", withCss, read, closureOf)).toContain(`<style>${css}</style>`);
  });
});
