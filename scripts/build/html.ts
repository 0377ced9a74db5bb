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
export function inlineStylesheets(html: string, readAsset: (href: string) => string): string {
  return html.replace(/<link rel="stylesheet" href="([^"]+)"\/>/g, (_, href: string) => {
    const css = readAsset(href).replace(/<\/style/gi, "<\\/style");
    return `<style>${css}</style><link rel="stylesheet" href="${href}" disabled=""/>`;
  });
}

/**
 * Drops the modulepreload links: they compete with the document for the first round trips, and
 * the module script at the end of <body> fetches the same chunks right after the page is parsed.
 * React Router adds them again after hydration for client navigations.
 */
export function dropModulePreloads(html: string): string {
  return html.replace(/<link rel="modulepreload" href="[^"]*"\/>/g, "");
}

const BOOTSTRAP = /<script type="module" async="">([\s\S]*?)<\/script>/;

/**
 * Starts React Router's bootstrap (the route modules, then the client entry) only after the first
 * paint. As emitted, the module script fetches ~110 KB of JavaScript while the page is still
 * parsing; when the first paint came late, Lighthouse counted those bytes against FCP and LCP
 * (measured: 0.8 s or 1.2-1.7 s at random). The paint is observed with a PerformanceObserver (no
 * timers, so fake clocks in tests do not stall it), with a timeout for tabs that never paint.
 */
export function deferBootstrap(html: string): string {
  const script = BOOTSTRAP.exec(html);
  if (!script) return html;
  const body = script[1] ?? "";
  const statics = [...body.matchAll(/^import (?:\* as (\w+) from )?"([^"]+)";$/gm)];
  const routes = /window\.__reactRouterRouteModules = (\{[^}]*\});/.exec(body)?.[1];
  const entry = /^import\("([^"]+)"\);$/m.exec(body)?.[1];
  if (statics.length === 0 || !routes || !entry) throw new Error("deferBootstrap: unexpected React Router bootstrap");
  const names = statics.map((m, i) => m[1] ?? `_${i}`).join(",");
  const imports = statics.map((m) => `import("${m[2]}")`).join(",");
  const go =
    `let started=false;const go=()=>{if(started)return;started=true;` +
    `Promise.all([${imports}]).then(([${names}])=>{window.__reactRouterRouteModules=${routes};return import("${entry}")})};` +
    `new PerformanceObserver((list,observer)=>{observer.disconnect();go()}).observe({type:"paint",buffered:true});` +
    `setTimeout(go,1000);`;
  return html.replace(script[0], `<script type="module" async="">${go}</script>`);
}

export function transformHtml(html: string, readAsset: (href: string) => string): string {
  return deferBootstrap(dropModulePreloads(inlineStylesheets(html, readAsset)));
}
