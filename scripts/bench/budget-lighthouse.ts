// Does the byte budget count what Lighthouse transfers? For each page named (default: the five the
// issue measured), the budget's figure (scripts/lib/cold-load.ts) and the JavaScript a Lighthouse
// run transferred (its network-requests audit: every Script, transferSize), on the build in
// build/client served by the site's own server (with --floor, the floor's `/`, built by
// `node scripts/budget.ts --floor`); a Markdown table for docs/performance.md.
//   node scripts/bench/budget-lighthouse.ts [/,/clap,...] [--floor]
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS, findChromium, findTestChromium } from "../chromium.mjs";
import { coldLoad } from "../lib/cold-load.ts";
import { serveBuild } from "../lib/local-site.ts";
import { serveFloor } from "./floor.ts";

const floor = process.argv.includes("--floor");
const named = process.argv.slice(2).find((arg) => arg.startsWith("/"));
const paths = floor ? ["/"] : (named ?? "/,/bubble-wrap/together,/emojis/together,/clap,/polls").split(",");
/** The site's pages are measured once hydrated; the floor marks nothing, its load and a quiet second are all. */
const ready = floor ? undefined : () => document.documentElement.dataset.hydrated === "true";
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** Lighthouse's scripts for one load (mobile defaults, a Chromium of its own), as path -> bytes. */
async function lighthouseScripts(url: string, origin: string): Promise<Map<string, number>> {
  const chromePath = findChromium();
  if (!chromePath) throw new Error("no Chromium found");
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: ["--headless=new", ...CHROMIUM_ARGS] });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: "json", onlyCategories: ["performance"] });
    const items = (result?.lhr.audits["network-requests"]?.details as { items?: Record<string, unknown>[] })?.items;
    if (!items) throw new Error(`Lighthouse gave no network requests for ${url}`);
    return new Map(
      items
        .filter((item) => item.resourceType === "Script")
        .map((item) => [String(item.url).slice(origin.length), Number(item.transferSize)]),
    );
  } finally {
    chrome.kill();
  }
}

const { origin, close } = await (floor ? serveFloor() : serveBuild());
const browser = await chromium.launch({ executablePath: findTestChromium(), args: CHROMIUM_ARGS });
const rows: string[] = [];
try {
  for (const path of paths) {
    const budget = await coldLoad(browser, origin + path, ready);
    const ours = new Map(budget.scripts.map((s) => [s.url.slice(origin.length), s.bytes]));
    const theirs = await lighthouseScripts(origin + path, origin);
    const lhBytes = [...theirs.values()].reduce((a, b) => a + b, 0);
    const differ = [...new Set([...ours.keys(), ...theirs.keys()])]
      .filter((url) => ours.get(url) !== theirs.get(url))
      .map((url) => `${url}: ${ours.get(url) ?? "none"} / ${theirs.get(url) ?? "none"}`);
    rows.push(
      `| ${floor ? "the floor" : `\`${path}\``} | ${kb(budget.bytes)} (${budget.bytes} B, ${ours.size}) | ${kb(lhBytes)} (${lhBytes} B, ${theirs.size}) | ${budget.bytes - lhBytes} B | ${differ.join("; ") || "none"} |`,
    );
    console.log(rows.at(-1));
  }
} finally {
  await browser.close();
  await close();
}
console.log(
  "\n| page | budget (bytes, scripts) | Lighthouse (bytes, scripts) | difference | scripts that differ (budget / Lighthouse) |",
);
console.log("|---|---|---|---|---|");
for (const row of rows) console.log(row);
