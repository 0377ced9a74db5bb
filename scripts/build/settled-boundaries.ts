/**
 * React streams what React Router's `<Scripts>` renders last (the page's state, for its client) as
 * Suspense boundaries completed after the shell: a placeholder (`<!--$?--><template id="B:0">
 * </template><!--/$-->`), the content in a hidden `<div id="S:0">`, and an inline runtime that
 * moves the one into the other, on the next animation frame or up to 300 ms later, with a
 * `requestAnimationFrame` script of its own (React 19.2's batched reveals). A pre-rendered page is
 * complete when it is written: this writes each boundary as React's runtime leaves it (the
 * content in place, `<!--$-->`), and drops the runtime and its calls: about 1 KB of inline script
 * (0.4 KB brotli) that every page parsed, ran and hashed into its Content-Security-Policy, and a
 * frame callback and a timer after the first paint (issue 55). The scripts in the content run as
 * they did, in the same order: while the document is parsed.
 *
 * The build stops when a page's boundaries are not in the shape expected (a React that writes
 * them otherwise), rather than ship a page React could not hydrate.
 */
const PLACEHOLDER = /<!--\$\?--><template id="(B:\d+)"><\/template><!--\/\$-->/g;
const SEGMENT = /<div hidden="" id="(S:\d+)">([\s\S]*?)<\/div>|<div hidden id="(S:\d+)">([\s\S]*?)<\/div>/g;
const REVEAL_CALL = /<script>\$RC\("(B:\d+)","(S:\d+)"\)<\/script>/g;
const RUNTIME = /<script>\$RB=\[\];[\s\S]*?\$RC\("(B:\d+)","(S:\d+)"\)<\/script>/;
const FRAME_STAMP = '<script id="_R_">requestAnimationFrame(function(){$RT=performance.now()});</script>';

export function settleBoundaries(html: string, page = "a page"): string {
  if (!html.includes("<!--$?-->")) return html;
  const fail = (what: string) => {
    throw new Error(`settleBoundaries: ${page}: ${what}`);
  };
  // Which content goes where: every reveal call (the first comes inside the runtime's script).
  const pairs = new Map<string, string>();
  const runtime = RUNTIME.exec(html);
  if (!runtime) fail("no React reveal runtime");
  pairs.set(runtime?.[1] as string, runtime?.[2] as string);
  let out = html.replace(runtime?.[0] as string, "");
  for (const call of out.matchAll(REVEAL_CALL)) pairs.set(call[1] as string, call[2] as string);
  out = out.replace(REVEAL_CALL, "");
  if (!out.includes(FRAME_STAMP)) fail("no frame stamp script");
  out = out.replace(FRAME_STAMP, "");
  // Each segment's content, taken out of the document.
  const segments = new Map<string, string>();
  out = out.replace(SEGMENT, (_, idA: string, bodyA: string, idB: string, bodyB: string) => {
    segments.set(idA ?? idB, bodyA ?? bodyB);
    return "";
  });
  // Each placeholder replaced by its content, which may hold placeholders of its own.
  const fill = (text: string): string =>
    text.replace(PLACEHOLDER, (_, boundary: string) => {
      const segment = segments.get(pairs.get(boundary) ?? "");
      if (segment === undefined) return fail(`no content for ${boundary}`) as never;
      segments.delete(pairs.get(boundary) ?? "");
      return `<!--$-->${fill(segment)}<!--/$-->`;
    });
  out = fill(out);
  if (segments.size > 0) fail(`content never placed: ${[...segments.keys()].join(", ")}`);
  if (/\$R[BCVT]|<!--\$\?-->|<template id="B:/.test(out)) fail("a boundary or its runtime is left");
  return out;
}
