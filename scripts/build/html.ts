import { readFileSync } from "node:fs";
import { minifySync, transformWithOxc } from "vite";
import type { BootPlan } from "./bootstrap-settings.ts";
import { pageCss } from "./page-css.ts";
import { settleBoundaries } from "./settled-boundaries.ts";

/**
 * Rewrites of the pre-rendered HTML, made after `react-router build` (see scripts/postbuild.ts).
 * Measured with Lighthouse (mobile, simulated throttling): a render-blocking stylesheet and a
 * dozen `modulepreload` links in <head> each delayed first paint by about a second.
 */

/**
 * Inlines every stylesheet link as a <style> element. The link itself stays, disabled: React
 * hydrates <head> and expects the link React Router rendered, but a disabled stylesheet is never
 * fetched (a print-only one still was, competing with the page for the first round trips).
 */
export function inlineStylesheets(
  html: string,
  readAsset: (href: string) => string,
  /** The page's scripts, to inline only the CSS they can use (scripts/build/page-css.ts); all of it without. */
  scripts?: readonly string[],
): string {
  return html.replace(STYLESHEET, (_, href: string) => {
    const whole = readAsset(href);
    // A licence banner (`/*! tailwindcss ... */`, 60 bytes) stays in the stylesheet's own file, which
    // every page fetches once live; the page's inline cut of it goes without.
    const css = (scripts ? pageCss(whole, [html, ...scripts]) : whole)
      .replace(/\/\*![^*]*\*\/\n?/g, "")
      .replace(/<\/style/gi, "<\\/style");
    return `<style>${css}</style><link rel="stylesheet" href="${href}" disabled=""/>`;
  });
}

/**
 * Drops the modulepreload links: they compete with the document for the first round trips, and
 * the module script at the end of <body> fetches the same chunks right after the page is parsed.
 * React Router adds them again after hydration for client navigations.
 */
export function dropModulePreloads(html: string): string {
  return html.replace(MODULE_PRELOAD, "");
}

/**
 * The site's logo (public/favicon.svg) as the tab's icon, in the page itself: a data: URL costs no
 * request. Named by URL, the icon was fetched while the page was being painted (a page naming none
 * has /favicon.ico fetched instead), and Lighthouse counted that request as needed for the paint:
 * LCP read 0.75 or 0.90 s by run, 1.05 with an icon the manifest lists (issue 46). Written compact,
 * the same picture (tab-icon.test.ts draws both): no title, no <defs> wrapper, no attribute at its
 * default, single quotes, and `#` escaped, the one character a data: URL must not hold as is.
 */
export function tabIconLink(svg: string): string {
  const compact = svg
    .trim()
    .replace(/<title>[^<]*<\/title>/, "")
    .replace(/<\/?defs>/g, "")
    .replace(/ x1="0" y1="0"/g, "")
    .replace(/ offset="0"/g, "")
    .replaceAll('"', "'")
    .replaceAll("#", "%23");
  if (/[\s][\s]|&/.test(compact)) throw new Error("tab icon: the logo needs a real URL encoder");
  return `<link rel="icon" href="data:image/svg+xml,${compact}"/>`;
}

/** Puts the tab's icon into the page's <head>, after its theme colour (app/root.tsx). */
export function addTabIcon(html: string, svg: string): string {
  return html.replace(THEME_COLOR, (meta) => meta + tabIconLink(svg));
}

/** What React Router writes into every pre-rendered page, as the rewrites expect to find it. */
const THEME_COLOR = /<meta name="theme-color" content="[^"]*"\/>/;
const STYLESHEET = /<link rel="stylesheet" href="([^"]+)"\/>/g;
const MODULE_PRELOAD = /<link rel="modulepreload" href="[^"]*"\/>/g;
const BOOTSTRAP = /<script type="module" async="">([\s\S]*?)<\/script>/;

/**
 * Stops the build, naming the page, when React Router's output no longer looks as the rewrites
 * expect: a rewrite that matched nothing would leave the page as it was, and the byte budget would
 * then count its JavaScript as none and pass.
 */
function expectFramework(html: string, page: string) {
  const missing = [
    [STYLESHEET, "its stylesheet link"],
    [MODULE_PRELOAD, "its modulepreload links"],
    [BOOTSTRAP, "React Router's start-up module script"],
    [THEME_COLOR, "its theme colour (the tab icon goes after it)"],
  ].filter(([pattern]) => !new RegExp((pattern as RegExp).source).test(html));
  if (missing.length > 0) {
    throw new Error(
      `${page}: ${missing.map(([, what]) => what).join(", ")} not found where the build expects ${missing.length > 1 ? "them" : "it"}. React Router's output changed: scripts/build/html.ts must change with it.`,
    );
  }
}

/**
 * The bootstrap's files, in the order they go into the module: its settings, its last resort, then
 * `boot` itself, which imports the two (each file's imports are only of those before it).
 */
export const BOOT_FILES = ["bootstrap-settings.ts", "bootstrap-give-up.ts", "bootstrap.ts"];

/**
 * The bootstrap's module (scripts/build/bootstrap.ts), compiled from its files as one and minified
 * once: the same in every page, followed by a call with each page's plan. The files' imports of
 * each other go (they are one module in the page). The page's script is a module, so the `export`
 * of `boot` in it is allowed (and keeps the minifier from dropping the function). The other
 * exports are for tests and the kit, not for the page: without their `export`, the minifier writes
 * the constants' values where they are used (about 100 bytes of every page's HTML).
 */
const BOOT_MODULE = await (async () => {
  const source = BOOT_FILES.map((file) => readFileSync(new URL(`./${file}`, import.meta.url), "utf8"))
    .join("\n")
    .replace(/^import\b[^;]*?from "\.\/bootstrap[\w-]*\.ts";$/gm, "")
    .replace(/^export (const|function (?!boot\b))/gm, "$1");
  if (/^import\b/m.test(source)) throw new Error("the bootstrap's files import something besides each other");
  const { code } = await transformWithOxc(source, "bootstrap.ts", { lang: "ts" });
  return minifySync("bootstrap.js", code, { compress: true, mangle: true }).code.trim();
})();

/**
 * Reads React Router's module script (static imports of the manifest and the route modules, the
 * route modules put on `window`, then a dynamic import of the client entry) into a plan for
 * `boot` (scripts/build/bootstrap.ts).
 */
export function bootPlan(script: string, closureOf: (urls: string[]) => string[]): BootPlan {
  const statics = [...script.matchAll(/^import (?:\* as (\w+) from )?"([^"]+)";$/gm)];
  const routes = /window\.__reactRouterRouteModules = (\{[^}]*\});/.exec(script)?.[1];
  const entry = /^import\("([^"]+)"\);$/m.exec(script)?.[1];
  if (statics.length === 0 || !routes || !entry) throw new Error("deferBootstrap: unexpected React Router bootstrap");
  const routeIds = new Map([...routes.matchAll(/"([^"]+)":(\w+)/g)].map((m) => [m[2], m[1]]));
  const modules = statics.map((m) => {
    const routeId = m[1] ? routeIds.get(m[1]) : undefined;
    return routeId ? { url: m[2] as string, routeId } : { url: m[2] as string };
  });
  const every = [...modules.map((m) => m.url), entry];
  // What the route modules and the entry all import (the shell): evaluated first, in a task of its
  // own. (React Router's manifest is data and imports nothing.)
  const code = [...modules.filter((m) => "routeId" in m).map((m) => m.url), entry];
  const closures = code.map((url) => new Set(closureOf([url])));
  // Dependencies before what imports them: a chunk's closure holds its dependencies', so the
  // smaller closure goes first.
  const closureSize = (url: string) => closureOf([url]).length;
  const first = [...(closures[0] ?? [])]
    .filter((url) => !every.includes(url) && closures.every((c) => c.has(url)))
    .sort((a, b) => closureSize(a) - closureSize(b));
  return { preload: closureOf(every), first, modules, entry };
}

/**
 * Replaces React Router's module script with the bootstrap (scripts/build/bootstrap.ts): clicks
 * before React is live are kept, and every module the page needs is fetched at once after the
 * first paint, with retries. As emitted, React Router's script fetched ~110 KB of JavaScript while
 * the page was still parsing (Lighthouse counted those bytes against the first paint: FCP and LCP
 * 0.8 s or 1.2-1.7 s at random), and one level of imports after another.
 */
export function deferBootstrap(html: string, closureOf: (urls: string[]) => string[]): string {
  const script = BOOTSTRAP.exec(html);
  if (!script) return html;
  const plan = JSON.stringify(bootPlan(script[1] ?? "", closureOf)).replace(/</g, "\\u003c");
  return html.replace(script[0], () => `<script type="module" async="">${BOOT_MODULE}boot(${plan})</script>`);
}

/** The plan a built page's bootstrap was called with, or null for a page without one. */
export function readBootPlan(html: string): BootPlan | null {
  const plan = /boot\((\{"preload":[\s\S]*?\})\)<\/script>/.exec(html)?.[1];
  return plan ? (JSON.parse(plan) as BootPlan) : null;
}

/**
 * Every rewrite, for one page (`page` names it in an error): `readAsset` reads a built file, `closureOf` lists a module's static
 * imports, and `reachableOf` every module the page can ever run (its CSS is cut to what they can
 * use; without it, as for the SPA fallback that may render any page, the page gets all of it).
 */
export function transformHtml(
  page: string,
  html: string,
  readAsset: (href: string) => string,
  closureOf: (urls: string[]) => string[],
  reachableOf?: (urls: string[]) => string[],
): string {
  expectFramework(html, page);
  const script = BOOTSTRAP.exec(html)?.[1];
  const plan = script ? bootPlan(script, closureOf) : null;
  const scripts =
    plan && reachableOf
      ? [BOOT_MODULE, ...reachableOf([...plan.modules.map((m) => m.url), plan.entry]).map(readAsset)]
      : undefined;
  const withIcon = addTabIcon(html, readAsset("/favicon.svg"));
  const settled = settleBoundaries(withIcon, page);
  return deferBootstrap(dropModulePreloads(inlineStylesheets(settled, readAsset, scripts)), closureOf);
}
