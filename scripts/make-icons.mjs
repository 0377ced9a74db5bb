// Rasterises the site's SVG logo (public/favicon.svg) into the PNG icons the web app manifest and iOS
// need, plus one glyph per manifest shortcut, with resvg (no browser, no fonts: shapes only).
// Run: npm run icons (the outputs in public/icons/ are committed).
import { readFileSync, writeFileSync } from "node:fs";
import { crc32, deflateSync, inflateSync } from "node:zlib";
import { Resvg } from "@resvg/resvg-js";

const PURPLE = "#7e22ce";
const logo = readFileSync("public/favicon.svg", "utf8").trim();
const viewBox = logo.match(/viewBox="([^"]+)"/)[1];
const content = logo.replace(/^<svg[^>]*>/, "").replace(/<\/svg>$/, "");

/** The logo on a square of side 100, `inset` (a share of the side) in from every edge. */
function logoOn(background, inset) {
  const pad = 100 * inset;
  const rect = background ? `<rect width="100" height="100" fill="${background}"/>` : "";
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">${rect}<svg x="${pad}" y="${pad}" width="${100 - 2 * pad}" height="${100 - 2 * pad}" viewBox="${viewBox}">${content}</svg></svg>`;
}

/** A shortcut icon: a glyph drawn on a 96 × 96 rounded square of the toy's colour. */
const shortcut = (color, glyph) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96"><rect width="96" height="96" rx="20" fill="${color}"/>${glyph}</svg>`;

const point = (angle, r) => [48 + r * Math.sin(angle), 50 - r * Math.cos(angle)].map((n) => n.toFixed(2)).join(" ");
const wheel = Array.from({ length: 8 }, (_, i) => {
  const [from, to] = [i, i + 1].map((n) => (n * Math.PI) / 4);
  return `<path d="M48 50L${point(from, 32)}A32 32 0 0 1 ${point(to, 32)}Z" fill="${i % 2 ? "#fde047" : "#fff7ed"}"/>`;
}).join("");
const bubble = (x, y) => `<circle cx="${x}" cy="${y}" r="10" fill="#bae6fd" stroke="#fff" stroke-width="3"/>`;
const bubbles = [24, 48, 72].flatMap((y) => [24, 48, 72].map((x) => bubble(x, y))).join("");

const GLYPHS = {
  // A big round red button on its base.
  "useless-button": shortcut(
    "#6d28d9",
    '<circle cx="48" cy="54" r="30" fill="#1e1b4b" opacity=".4"/><circle cx="48" cy="47" r="28" fill="#ef4444" stroke="#fff" stroke-width="5"/><ellipse cx="39" cy="37" rx="9" ry="5" fill="#fff" opacity=".5"/>',
  ),
  // A three-by-three sheet of bubble wrap.
  "bubble-wrap": shortcut("#0369a1", bubbles),
  // A wheel of eight segments under a pointer.
  wheel: shortcut(
    "#b91c1c",
    `<circle cx="48" cy="50" r="35" fill="#fff"/>${wheel}<circle cx="48" cy="50" r="6" fill="#b91c1c" stroke="#fff" stroke-width="2"/><path d="M40 8h16l-8 14z" fill="#fff"/>`,
  ),
  // A cat face with closed "u" eyes and a "w" mouth: UwU without the letters.
  uwu: shortcut(
    "#db2777",
    '<path d="M18 44L22 14L40 28Q48 26 56 28L74 14L78 44Q80 80 48 80Q16 80 18 44Z" fill="#fff"/><g fill="none" stroke="#831843" stroke-width="4" stroke-linecap="round" stroke-linejoin="round"><path d="M30 46q5 9 10 0M56 46q5 9 10 0M38 60q5 7 10 0q5 7 10 0"/></g><circle cx="27" cy="58" r="4" fill="#f9a8d4"/><circle cx="69" cy="58" r="4" fill="#f9a8d4"/>',
  ),
};

const PLAIN_SIZES = [48, 72, 96, 128, 144, 152, 192, 256, 384, 512];
const ICONS = [
  ...PLAIN_SIZES.map((size) => ({ name: `icon-${size}`, size, svg: logoOn(null, 0) })),
  // Maskable icons may be cropped to a circle: the logo stays inside the central 76 % (safe zone: 80 %).
  ...[192, 512].map((size) => ({ name: `maskable-${size}`, size, svg: logoOn(PURPLE, 0.12) })),
  { name: "apple-touch-icon", size: 180, svg: logoOn(PURPLE, 0.08) },
  ...Object.entries(GLYPHS).map(([slug, svg]) => ({ name: `shortcut-${slug}`, size: 96, svg })),
];

function chunk(type, data) {
  const bytes = Buffer.alloc(12 + data.length);
  bytes.writeUInt32BE(data.length);
  bytes.write(type, 4, "latin1");
  data.copy(bytes, 8);
  bytes.writeUInt32BE(crc32(bytes.subarray(4, 8 + data.length)), 8 + data.length);
  return bytes;
}

/** resvg deflates for speed: the same pixels deflated again at level 9 are up to 2.5 times smaller. */
function smaller(png) {
  const idat = [];
  let first = 0;
  for (let at = 8; at < png.length; at += 12 + png.readUInt32BE(at)) {
    if (png.toString("latin1", at + 4, at + 8) !== "IDAT") continue;
    first ||= at;
    idat.push(png.subarray(at + 8, at + 8 + png.readUInt32BE(at)));
  }
  const data = deflateSync(inflateSync(Buffer.concat(idat)), { level: 9, memLevel: 9 });
  return Buffer.concat([png.subarray(0, first), chunk("IDAT", data), chunk("IEND", Buffer.alloc(0))]);
}

for (const { name, size, svg } of ICONS) {
  const png = smaller(new Resvg(svg, { fitTo: { mode: "width", value: size } }).render().asPng());
  writeFileSync(`public/icons/${name}.png`, png);
  console.log(`wrote public/icons/${name}.png (${png.length} bytes)`);
}
