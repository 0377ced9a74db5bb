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

export function transformHtml(html: string, readAsset: (href: string) => string): string {
  return dropModulePreloads(inlineStylesheets(html, readAsset));
}
