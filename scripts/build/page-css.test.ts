import { describe, expect, it } from "vitest";
import { classesIn, pageCss } from "./page-css.ts";

const css = [
  "@layer theme{:root,:host{--color-red:red;--color-blue:blue;--spacing:.25rem;--animate-spin:spin 1s linear infinite}}",
  "@layer base{*{margin:0}h1{font-size:2rem}}",
  "@layer components;",
  "@layer utilities{.p-4{padding:calc(var(--spacing)*4)}.text-red{color:var(--color-red)}.text-blue{color:var(--color-blue)}",
  ".hover\\:text-red:hover{color:var(--color-red)}@media (min-width:40rem){.sm\\:p-4{padding:1rem}}",
  ".animate-spin{animation:var(--animate-spin)}.scale-110{--tw-scale-x:110%;scale:var(--tw-scale-x)}}",
  "@property --tw-scale-x{syntax:'*';inherits:false;initial-value:100%}",
  "@property --tw-rotate{syntax:'*';inherits:false}",
  "@keyframes spin{to{rotate:360deg}}@keyframes ping{to{opacity:0}}",
  ".site-menu a{color:white}",
].join("");

describe("a page's own CSS", () => {
  it("keeps the rules for the classes its HTML and scripts name, in order, and drops the rest", () => {
    const out = pageCss(css, ['<h1 class="p-4 hover:text-red">Hi</h1>', 'n("sm:p-4")']);
    expect(out).toContain(".p-4{");
    expect(out).toContain(".hover\\:text-red:hover{");
    expect(out).toContain("@media (min-width:40rem){.sm\\:p-4{");
    expect(out).not.toContain(".text-blue");
    expect(out).not.toContain(".text-red{");
    expect(out).not.toContain(".site-menu");
    // Rules without a class always stay.
    expect(out).toContain("*{margin:0}");
    expect(out).toContain("h1{font-size:2rem}");
    expect(out.indexOf(".p-4{")).toBeLessThan(out.indexOf(".hover\\:text-red"));
  });

  it("keeps only the variables, @property rules and keyframes something left refers to", () => {
    const out = pageCss(css, ['class="text-red animate-spin scale-110"']);
    expect(out).toContain("--color-red:red");
    expect(out).not.toContain("--color-blue");
    expect(out).toContain("--animate-spin:spin");
    expect(out).toContain("@keyframes spin");
    expect(out).not.toContain("@keyframes ping");
    expect(out).toContain("@property --tw-scale-x");
    expect(out).not.toContain("@property --tw-rotate");
    expect(out).not.toContain("--spacing");
  });

  it("keeps a variable the page's own code names (an inline style)", () => {
    const out = pageCss(css, ['style:{color:"var(--color-blue)"}']);
    expect(out).toContain("--color-blue:blue");
  });

  it("declares every layer first, in the whole stylesheet's order, even those it empties", () => {
    const out = pageCss(css, [""]);
    expect(out.startsWith("@layer theme,base,components,utilities;")).toBe(true);
    expect(out).not.toContain("@layer utilities{");
  });

  it("reads class names in HTML attributes and in quotes within a class name", () => {
    const withQuotes = ".before\\:content-\\[\\'\\▼\\'\\]:before{content:'▼'}";
    expect(pageCss(withQuotes, [`<span class="before:content-[&#x27;▼&#x27;]">`])).toContain("content:'▼'");
    expect(pageCss(withQuotes, [`n("before:content-['▼']")`])).toContain("content:'▼'");
    expect(pageCss(withQuotes, [`n("before:content-['▲']")`])).toBe("");
  });
});

describe("the classes a selector needs", () => {
  it("unescapes Tailwind's names", () => {
    expect(classesIn(".hover\\:bg-white\\/25:hover")).toEqual(["hover:bg-white/25"]);
    expect(classesIn(".group:hover .group-hover\\:block")).toEqual(["group", "group-hover:block"]);
    expect(classesIn(".\\32xl\\:p-4")).toEqual(["2xl:p-4"]);
    expect(classesIn("h1>a[href]")).toEqual([]);
  });
});
