import { describe, expect, it } from "vitest";
import { deferBootstrap, dropModulePreloads, inlineStylesheets, transformHtml } from "./html.ts";

const page = `<html><head><meta charSet="utf-8"/><link rel="modulepreload" href="/assets/a.js"/><link rel="modulepreload" href="/assets/b.js"/><link rel="stylesheet" href="/assets/root.css"/></head><body><h1>Hi</h1></body></html>`;

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

  it("does both", () => {
    const out = transformHtml(page, () => "body{margin:0}");
    expect(out).toBe(
      `<html><head><meta charSet="utf-8"/><style>body{margin:0}</style><link rel="stylesheet" href="/assets/root.css" disabled=""/></head><body><h1>Hi</h1></body></html>`,
    );
  });
});

const bootstrap = `<body><h1>Hi</h1><script type="module" async="">import "/assets/manifest-1.js";
import * as route0 from "/assets/root-2.js";
import * as route1 from "/assets/route-3.js";
  
  window.__reactRouterRouteModules = {"root":route0,"toys/hi/route":route1};

import("/assets/entry.client-4.js");</script></body>`;

describe("deferring the bootstrap to after the first paint", () => {
  it("imports the same modules, sets the route modules, then the entry, once painted", () => {
    const out = deferBootstrap(bootstrap);
    expect(out).toContain(
      'Promise.all([import("/assets/manifest-1.js"),import("/assets/root-2.js"),import("/assets/route-3.js")]).then(([_0,route0,route1])=>{window.__reactRouterRouteModules={"root":route0,"toys/hi/route":route1};return import("/assets/entry.client-4.js")})',
    );
    expect(out).toContain('observe({type:"paint",buffered:true})');
    expect(out).toContain("setTimeout(go,1000)");
    expect(out).not.toMatch(/^import /m);
    expect(out.startsWith("<body><h1>Hi</h1>")).toBe(true);
  });

  it("leaves pages without a bootstrap alone, and refuses one it does not understand", () => {
    expect(deferBootstrap("<p>hi</p>")).toBe("<p>hi</p>");
    expect(() => deferBootstrap('<script type="module" async="">console.log(1)</script>')).toThrow();
  });
});
