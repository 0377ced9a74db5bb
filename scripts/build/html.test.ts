import { describe, expect, it } from "vitest";
import { dropModulePreloads, inlineStylesheets, transformHtml } from "./html.ts";

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
