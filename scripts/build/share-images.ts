// Every page's social preview: a 1200x630 PNG drawn at build time from the page's own art (the SVG
// it marks with data-share-art, or the site's logo), its title, description and background, and
// rasterised by resvg with a bundled font, so the pictures are the same on every machine.
import { mkdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { Resvg } from "@resvg/resvg-js";
import { SHARE_IMAGE, shareImagePath } from "../../app/kit/lib/share-image.ts";
import { decodeEntities } from "./html-text.ts";
import { oklchToHex } from "./oklch.ts";

const { width: WIDTH, height: HEIGHT } = SHARE_IMAGE;

const require = createRequire(import.meta.url);
const FONT_DIR = join(dirname(require.resolve("dejavu-fonts-ttf/package.json")), "ttf");
const FONTS = [join(FONT_DIR, "DejaVuSans.ttf"), join(FONT_DIR, "DejaVuSans-Bold.ttf")];

export interface ShareCard {
  title: string;
  description: string;
  /** The page's background gradient, as hex colours from top left to bottom right. */
  colors: string[];
  /** The page's own picture, an <svg> element, when it draws one. */
  art?: string;
}

const attribute = (html: string, pattern: RegExp) => decodeEntities(html.match(pattern)?.[1] ?? "");

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** The first element marked data-share-art: its whole <svg>...</svg>, nested <svg>s included. */
export function extractArt(html: string): string | undefined {
  const start = html.search(/<svg\b[^>]*\bdata-share-art=/);
  if (start < 0) return undefined;
  const tags = /<(\/?)svg\b[^>]*?(\/?)>/g;
  tags.lastIndex = start;
  let depth = 0;
  for (let tag = tags.exec(html); tag; tag = tags.exec(html)) {
    if (tag[2]) continue; // a self-closing <svg/>
    depth += tag[1] ? -1 : 1;
    if (depth === 0) return html.slice(start, tag.index + tag[0].length);
  }
  return undefined;
}

/** What a page's pre-rendered HTML says about itself. */
export function readCard(html: string): ShareCard {
  const frameStyle = attribute(html, /<div data-page-frame=""[^>]*style="([^"]*)"/);
  const colors = [...frameStyle.matchAll(/oklch\(([^)]*)\)|#[0-9a-f]{6}\b/gi)].map((m) =>
    m[1] ? oklchToHex(m[1]) : m[0].toLowerCase(),
  );
  return {
    title: attribute(html, /<meta property="og:title" content="([^"]*)"/),
    description: attribute(html, /<meta property="og:description" content="([^"]*)"/),
    colors: colors.length >= 2 ? colors : ["#7e22ce", "#db2777"],
    art: extractArt(html),
  };
}

/** Words in lines of at most `max` characters, at most `lines` lines (the last one cut with "…"). */
export function wrap(text: string, max: number, lines: number): string[] {
  const out: string[] = [];
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const last = out.at(-1);
    if (last !== undefined && `${last} ${word}`.length <= max) out[out.length - 1] = `${last} ${word}`;
    else out.push(word);
  }
  if (out.length <= lines) return out;
  const kept = out.slice(0, lines);
  kept[lines - 1] = `${(kept[lines - 1] as string).slice(0, max - 1).trimEnd()}…`;
  return kept;
}

/** The page's art as a nested <svg> filling a box, without the page's classes and styles. */
function placeArt(art: string, x: number, y: number, size: number): string {
  const open = art.match(/<svg\b[^>]*>/)?.[0] ?? "<svg>";
  const viewBox = open.match(/viewBox="([^"]*)"/)?.[1] ?? "0 0 100 100";
  const body = art
    .slice(art.indexOf(open) + open.length, art.lastIndexOf("</svg>"))
    .replace(/\s(class|style|role|aria-[a-z]+|data-[a-z-]+)="[^"]*"/g, "");
  return `<svg x="${x}" y="${y}" width="${size}" height="${size}" viewBox="${viewBox}" overflow="visible">${body}</svg>`;
}

/** The preview as one SVG document: background, text on the left, the art on a card on the right. */
export function cardSvg(card: ShareCard, logo: string, siteName: string): string {
  const stops = card.colors
    .map((color, i) => `<stop offset="${i / (card.colors.length - 1)}" stop-color="${color}"/>`)
    .join("");
  const titleSize = card.title.length > 24 ? 64 : 80;
  const title = wrap(card.title, Math.floor(620 / (titleSize * 0.66)), 3);
  const description = wrap(card.description, 36, 4);
  const titleTop = 222;
  const descriptionTop = titleTop + title.length * titleSize * 1.1 + 24;
  const lines = (items: string[], top: number, size: number, weight: string, fill: string) =>
    items
      .map(
        (line, i) =>
          `<text x="72" y="${top + i * size * 1.25}" font-size="${size}" font-weight="${weight}" fill="${fill}">${escapeXml(line)}</text>`,
      )
      .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" font-family="DejaVu Sans">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">${stops}</linearGradient>
<linearGradient id="shade" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000" stop-opacity=".35"/><stop offset=".7" stop-color="#000" stop-opacity="0"/></linearGradient></defs>
<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bg)"/><rect width="${WIDTH}" height="${HEIGHT}" fill="url(#shade)"/>
${placeArt(logo, 72, 64, 56)}<text x="144" y="103" font-size="30" font-weight="bold" fill="#fff">${escapeXml(siteName)}</text>
${lines(title, titleTop, titleSize, "bold", "#fff")}
${lines(description, descriptionTop, 30, "normal", "#fff")}
<rect x="730" y="95" width="420" height="440" rx="48" fill="#fff" fill-opacity=".92"/>
${placeArt(card.art ?? logo, 770, 135, 340)}
</svg>`;
}

/** The PNG of one preview. */
export function renderCard(svg: string): Buffer {
  const resvg = new Resvg(svg, {
    fitTo: { mode: "width", value: WIDTH },
    font: { fontFiles: FONTS, loadSystemFonts: false, defaultFontFamily: "DejaVu Sans" },
  });
  return resvg.render().asPng();
}

/** Writes one preview per page: `pages` maps a page's path to its pre-rendered HTML. */
export function writeShareImages(
  dir: string,
  pages: ReadonlyMap<string, string>,
  logo: string,
  siteName: string,
): number {
  for (const [path, html] of pages) {
    const file = join(dir, shareImagePath(path));
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, renderCard(cardSvg(readCard(html), logo, siteName)));
  }
  return pages.size;
}
