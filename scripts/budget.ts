// The byte budget, part of `npm test`: the JavaScript each page downloads on a cold load, counted
// as the browser downloads it (scripts/lib/cold-load.ts: a fresh context per page on Lighthouse's
// phone, served by the site's own server, every script response as transferred, what the page
// fetches once it is live included) and its HTML must stay within the targets in
// budget-targets.ts, on every page; each page's own JavaScript is printed beside them, not
// budgeted. Deterministic: bytes, not timings.
//
// `node scripts/budget.ts --floor` builds the floor (scripts/bench/floor.ts) and measures it the same
// way, the figure FLOOR_COLD_LOAD_JS in budget-targets.ts holds. `BUDGET_QUIET_MS=12000` watches
// each page for 12 s of quiet instead of 1 (it should change no figure). The Lighthouse agreement:
// scripts/bench/budget-lighthouse.ts.

import { chromium } from "playwright-core";
import { buildFloor, serveFloor } from "./bench/floor.ts";
import { BUDGET, FLOOR_COLD_LOAD_JS } from "./budget-targets.ts";
import { measurePages } from "./build/bundle-sizes.ts";
import { CHROMIUM_ARGS, findTestChromium } from "./chromium.mjs";
import { type ColdLoad, coldLoad, QUIET_MS, WINDOW_MS } from "./lib/cold-load.ts";
import { serveBuild } from "./lib/local-site.ts";

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
/** The site's pages are ready once React has hydrated them (the root layout marks it). */
const HYDRATED = () => document.documentElement.dataset.hydrated === "true";
/**
 * Pages loaded at once, each in its own context of one browser: most of a page's time is the quiet
 * second it is watched for. 45 pages took 63.6 s one at a time, 37.2 s two and 18-25 s four at a
 * time (2 cores, with other work beside it).
 */
const AT_ONCE = 4;

const executablePath = findTestChromium();
if (!executablePath) {
  console.error("budget: no Chromium found (see scripts/ensure-chromium.mjs)");
  process.exit(1);
}
const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
try {
  if (process.argv.includes("--floor")) await measureFloor();
  else await measureSite();
} finally {
  await browser.close();
}

async function measureFloor() {
  buildFloor();
  const { origin, close } = await serveFloor();
  try {
    const load = await coldLoad(browser, `${origin}/`);
    for (const script of load.scripts)
      console.log(`  ${kb(script.bytes).padStart(8)}  ${script.url.slice(origin.length)}`);
    console.log(
      `floor: ${load.bytes} bytes (${kb(load.bytes)}) of JavaScript on a cold load, ${load.scripts.length} scripts`,
    );
    console.log(`budget-targets.ts has FLOOR_COLD_LOAD_JS = ${FLOOR_COLD_LOAD_JS}`);
  } finally {
    close();
  }
}

async function measureSite() {
  const pages = measurePages("build/client");
  if (pages.length === 0) {
    console.error("budget: no pre-rendered pages found in build/client; run `npm run build` first");
    process.exit(1);
  }
  const started = performance.now();
  // The site's own server process, live engine and counter included: a shared page downloads the
  // channel's code once it is live, as a visitor's does (and Lighthouse's load, in npm run bench).
  const { origin, close } = await serveBuild();
  let loads: ColdLoad[];
  try {
    loads = await inTurns(pages, AT_ONCE, (page) => coldLoad(browser, origin + page.path, HYDRATED));
  } finally {
    await close();
  }

  const failures: string[] = [];
  const late: string[] = [];
  const rows = pages.map((page, i) => {
    const load = loads[i] as ColdLoad;
    if (Number.isNaN(load.settled)) failures.push(`${page.path}: never settled (requests still in flight)`);
    if (load.bytes > BUDGET.coldLoadJs) {
      failures.push(`${page.path}: JS on a cold load ${kb(load.bytes)}, ${load.bytes - BUDGET.coldLoadJs} B over`);
    }
    if (page.html > BUDGET.html) failures.push(`${page.path}: HTML ${kb(page.html)}`);
    late.push(...load.late.map((line) => `${page.path}: ${line}`));
    return {
      page: page.path,
      "JS cold load": kb(load.bytes),
      bytes: load.bytes,
      "over floor": kb(load.bytes - FLOOR_COLD_LOAD_JS),
      scripts: load.scripts.length,
      "entry lists (br)": kb(page.firstLoadJs),
      "own JS (br)": kb(page.ownJs),
      "HTML (br)": kb(page.html),
      "last request": `${Math.round(load.settled)} ms`,
    };
  });
  console.table(rows);
  console.log(
    `budget: JS on a cold load <= ${kb(BUDGET.coldLoadJs)} (the floor's ${kb(FLOOR_COLD_LOAD_JS)} + 12 KB) as transferred, ` +
      `HTML <= ${kb(BUDGET.html)} brotli, per page; ` +
      `${pages.length} pages in ${((performance.now() - started) / 1000).toFixed(1)} s (settled: ${QUIET_MS} ms without a request)`,
  );
  if (late.length > 0) {
    console.warn(
      `budget: scripts after the first ${WINDOW_MS / 1000} s of a visit, or that never arrived (counted as received):\n  ${late.join("\n  ")}`,
    );
  }
  if (failures.length > 0) {
    console.error(`budget exceeded:\n  ${failures.join("\n  ")}`);
    process.exitCode = 1;
  }
}

/** Runs `task` on every item, `atOnce` at a time; the results in the items' order. */
async function inTurns<T, R>(items: readonly T[], atOnce: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await task(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(atOnce, items.length) }, worker));
  return results;
}
