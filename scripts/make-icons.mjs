// Renders the site's own SVG logo (public/favicon.svg) into the PNG icons the web app manifest and
// iOS need, with the same Chromium the browser tests use. Run: npm run icons (outputs are committed).
import { readFileSync } from "node:fs";
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS, findChromium } from "./chromium.mjs";

const svg = readFileSync("public/favicon.svg", "utf8");
const ICONS = [
  { file: "public/icons/icon-192.png", size: 192, inset: 0, background: "transparent" },
  { file: "public/icons/icon-512.png", size: 512, inset: 0, background: "transparent" },
  // Maskable icons may be cropped to a circle: keep the logo inside the central 80 % safe zone.
  { file: "public/icons/maskable-512.png", size: 512, inset: 0.12, background: "#7e22ce" },
  { file: "public/icons/apple-touch-icon.png", size: 180, inset: 0.08, background: "#7e22ce" },
];

const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
try {
  for (const icon of ICONS) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    const pad = Math.round(icon.size * icon.inset);
    await page.setContent(
      `<body style="margin:0;background:${icon.background}"><div style="padding:${pad}px;width:${icon.size - 2 * pad}px;height:${icon.size - 2 * pad}px">${svg.replace("<svg ", '<svg width="100%" height="100%" ')}</div></body>`,
    );
    await page.screenshot({ path: icon.file, omitBackground: icon.background === "transparent" });
    await page.close();
    console.log(`wrote ${icon.file}`);
  }
} finally {
  await browser.close();
}
