// `npm run screenshots`: a picture of every page of the production build, desktop and phone, in
// docs/gallery/, and the README's gallery grid between its gallery markers. Builds when needed.
import { existsSync, mkdirSync } from "node:fs";
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS, findChromium } from "./chromium.mjs";
import { buildOrExit, loadRegistry, replaceReadmeBlock, serveBuild } from "./lib/local-site.ts";

const OUT = "docs/gallery";
const SIZES = [
  { name: "desktop", viewport: { width: 1280, height: 800 }, isMobile: false },
  { name: "phone", viewport: { width: 390, height: 844 }, isMobile: true },
] as const;

if (!existsSync("build/client/index.html") || process.env.SCREENSHOTS_BUILD) buildOrExit();

const registry = await loadRegistry();
const { origin, close: stopServer } = await serveBuild();
mkdirSync(OUT, { recursive: true });

const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
const shots: { label: string; path: string; slug: string }[] = [];
try {
  for (const size of SIZES) {
    const context = await browser.newContext({
      viewport: size.viewport,
      isMobile: size.isMobile,
      reducedMotion: "reduce",
    });
    const page = await context.newPage();
    for (const entry of registry.allPages) {
      await page.goto(origin + entry.path);
      await page.locator("html[data-hydrated]").waitFor();
      await page.waitForTimeout(400); // random content and lazy chunks settle
      await page.screenshot({ path: `${OUT}/${entry.slug}-${size.name}.jpg`, type: "jpeg", quality: 70 });
      if (size.name === "desktop") shots.push({ label: entry.label, path: entry.path, slug: entry.slug });
      process.stdout.write(".");
    }
    await context.close();
  }
} finally {
  await browser.close();
  await stopServer();
}
process.stdout.write("\n");

const rows = shots.map(
  (s) =>
    `| [${s.label}](${OUT}/${s.slug}-desktop.jpg) \`${s.path}\` | <img src="${OUT}/${s.slug}-desktop.jpg" alt="${s.label} on a desktop" width="320"> | <img src="${OUT}/${s.slug}-phone.jpg" alt="${s.label} on a phone" width="120"> |`,
);
const grid = ["| page | desktop | phone |", "|---|---|---|", ...rows].join("\n");
replaceReadmeBlock("gallery", grid);
console.log(`screenshots: ${shots.length * SIZES.length} pictures in ${OUT}, README gallery updated`);
