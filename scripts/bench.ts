// `npm run bench`: builds, serves the production build, and measures every page against the
// performance targets (README, "Performance"): Lighthouse (mobile, simulated throttling, median
// of BENCH_RUNS runs), first-load JavaScript from the build, frame pacing of the pointer toys under
// scripted input, and the UwU translator. Prints one table, writes it to bench-results/latest.md
// and (on a full run) to the README's performance section, and exits non-zero when any target is
// missed. BENCH_WITHOUT_COOP=1 serves the pages without Cross-Origin-Opener-Policy, an experiment
// for the decision the README's performance section describes: its table goes to
// bench-results/without-coop.md only.
import { mkdirSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { chromium } from "playwright-core";
import {
  clickAround,
  dragPiece,
  dragPopup,
  type FrameStats,
  measureFrames,
  popBubbles,
  scrollAround,
  watch,
  wavePointer,
  waveWithSound,
} from "./bench/frames.ts";
import { type LighthouseResult, medianResult, startLighthouse } from "./bench/lighthouse.ts";
import { benchUwu, UWU_BUDGET_MS } from "./bench-uwu.ts";
import { BUDGET } from "./budget-targets.ts";
import { measurePages } from "./build/bundle-sizes.ts";
import { COMMON_HEADERS } from "./build/security.ts";
import { CHROMIUM_ARGS, findChromium } from "./chromium.mjs";
import { buildOrExit, listenOnFreePort, loadRegistry, replaceReadmeBlock, serveBuild } from "./lib/local-site.ts";
import { omitHeaders } from "./serve.mjs";

const TARGETS = { performance: 100, fcp: 800, lcp: 1000, tbt: 50, cls: 0, fps: 57, longTasks: 0 };
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const ONLY = process.env.BENCH_ONLY; // e.g. "/,/hi" to measure a few pages
const COOP = "Cross-Origin-Opener-Policy";
const WITHOUT_COOP = Boolean(process.env.BENCH_WITHOUT_COOP);

// Every toy that lives on pointer input or animates on its own, driven the way a visitor would.
const POINTER_TOYS: Record<string, (page: import("playwright-core").Page, until: number) => Promise<void>> = {
  "/sparkle": wavePointer,
  "/shrugs": clickAround,
  "/emojis": watch,
  "/loading": watch,
  "/pop-ups": dragPopup,
  "/clap": waveWithSound,
  "/air-guitar": waveWithSound,
  "/potato": scrollAround,
  "/bubble-wrap": popBubbles,
  "/puzzle": dragPiece,
  "/countdown": watch,
};

if (!process.env.BENCH_SKIP_BUILD) buildOrExit();

const { origin, close: stopServer } = await serveBuild(WITHOUT_COOP ? [COOP] : []);
const registry = await loadRegistry();
const urls = registry.allPages
  .flatMap((entry) => [entry.path, ...(entry.subRoutes ?? []).flatMap((sub) => sub.prerender)])
  .filter((url) => !ONLY || ONLY.split(",").includes(url));
const bytes = new Map(measurePages("build/client").map((p) => [p.path, p]));
const failures: string[] = [];
const rows: string[] = [];

// 1. Frame pacing of the pointer toys (first: a few minutes, where Lighthouse takes half an hour).
// Round by round over the toys, each run on a freshly loaded page, like Lighthouse below: a slow
// quarter of a minute on the machine then costs every toy one run, not one toy its median.
const pointerToys = Object.entries(POINTER_TOYS).filter(([path]) => urls.includes(path));
const frameRuns = new Map<string, FrameStats[]>(pointerToys.map(([path]) => [path, []]));
const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
try {
  for (let i = 0; i < RUNS; i++) {
    for (const [path, drive] of pointerToys) {
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      await page.goto(origin + path);
      await page.locator("html[data-hydrated]").waitFor();
      frameRuns.get(path)?.push(await measureFrames(page, drive));
      await page.close();
    }
  }
} finally {
  await browser.close();
}
const frames = new Map(
  [...frameRuns].map(([path, runs]) => {
    const sorted = [...runs].sort((a, b) => a.fps - b.fps);
    return [path, sorted[Math.floor(sorted.length / 2)] as FrameStats];
  }),
);

// 2. Lighthouse on every page, and on two references: an empty page (a heading, no JavaScript, no
// CSS) sent with the site's security headers, and the same page without Cross-Origin-Opener-Policy.
// They show how much Total Blocking Time this machine, Chromium and those headers add on their own:
// the policy makes Chromium start a fresh renderer for the page, and that start counts.
const EMPTY_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Empty</title></head><body><h1>An empty page</h1></body></html>`;
const serveEmptyPage = (headers: Readonly<Record<string, string>>) =>
  listenOnFreePort(
    createServer((_, res) =>
      res.writeHead(200, { ...headers, "Content-Type": "text/html; charset=utf-8" }).end(EMPTY_PAGE),
    ),
  );
const references = [
  { label: "with the site's headers", server: await serveEmptyPage(COMMON_HEADERS), runs: [] as LighthouseResult[] },
  {
    label: `without ${COOP}`,
    server: await serveEmptyPage(omitHeaders(COMMON_HEADERS, [COOP])),
    runs: [] as LighthouseResult[],
  },
];
const lh = await startLighthouse();
const lighthouseRuns = new Map<string, LighthouseResult[]>(urls.map((url) => [url, []]));
try {
  // Round by round over all pages rather than five runs of one page in a row: a slow minute on
  // the machine then costs every page one run, not one page its median.
  for (let i = 0; i < RUNS; i++) {
    for (const reference of references) reference.runs.push(await lh.run(`${reference.server.origin}/`));
    for (const url of urls) lighthouseRuns.get(url)?.push(await lh.run(origin + url));
    process.stdout.write(`round ${i + 1}/${RUNS} done\n`);
  }
} finally {
  await lh.close();
  stopServer();
  for (const reference of references) reference.server.close();
}
const lighthouse = new Map([...lighthouseRuns].map(([url, runs]) => [url, medianResult(runs)]));

// 3. The table.
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const check = (ok: boolean, what: string) => {
  if (!ok) failures.push(what);
  return ok ? "" : " ✗";
};
rows.push("| page | perf | FCP | LCP | TBT | CLS | first-load JS | own JS | fps | long tasks |");
rows.push("|---|---|---|---|---|---|---|---|---|---|");
/** Every run's value of a metric, for the line that reports a miss. */
const runsOf = (url: string, metric: keyof LighthouseResult) =>
  (lighthouseRuns.get(url) ?? []).map((r) => Math.round(r[metric])).join(", ");
const fpsRuns = (url: string) => (frameRuns.get(url) ?? []).map((r) => r.fps.toFixed(0)).join(", ");
for (const url of urls) {
  const l = lighthouse.get(url) as LighthouseResult;
  const b = bytes.get(url);
  const f = frames.get(url);
  const cells = [
    `${l.performance}${check(l.performance >= TARGETS.performance, `${url} performance ${l.performance}`)}`,
    `${(l.fcp / 1000).toFixed(2)} s${check(l.fcp <= TARGETS.fcp, `${url} FCP ${Math.round(l.fcp)} ms`)}`,
    `${(l.lcp / 1000).toFixed(2)} s${check(l.lcp <= TARGETS.lcp, `${url} LCP ${Math.round(l.lcp)} ms`)}`,
    `${Math.round(l.tbt)} ms${check(l.tbt <= TARGETS.tbt, `${url} TBT ${Math.round(l.tbt)} ms (runs: ${runsOf(url, "tbt")})`)}`,
    `${l.cls.toFixed(3)}${check(l.cls <= TARGETS.cls, `${url} CLS ${l.cls}`)}`,
    b ? `${kb(b.firstLoadJs)}${check(b.firstLoadJs <= BUDGET.firstLoadJs, `${url} first-load JS`)}` : "–",
    b ? `${kb(b.ownJs)}${check(b.ownJs <= BUDGET.ownJs, `${url} own JS`)}` : "–",
    f
      ? `${f.fps.toFixed(1)}${check(f.fps >= TARGETS.fps, `${url} ${f.fps.toFixed(1)} fps (runs: ${fpsRuns(url)})`)}`
      : "",
    f ? `${f.longTasks}${check(f.longTasks <= TARGETS.longTasks, `${url} ${f.longTasks} long tasks`)}` : "",
  ];
  rows.push(`| ${url} | ${cells.join(" | ")} |`);
}
const uwu = benchUwu();
const uwuLine = `UwU translator, 200 KB: ${uwu.toFixed(1)} ms (median; target < ${UWU_BUDGET_MS} ms)${check(uwu < UWU_BUDGET_MS, `UwU ${uwu.toFixed(1)} ms`)}`;

const referenceLine = `Reference, not a target: an empty page (one heading, no JavaScript, no CSS) on the same machine, TBT ${references
  .map(
    ({ label, runs }) =>
      `${label} median ${Math.round(medianResult(runs).tbt)} ms (runs: ${runs.map((r) => Math.round(r.tbt)).join(", ")})`,
  )
  .join("; ")}.`;

const report = [
  ...(WITHOUT_COOP ? [`Experiment, not the product: the pages were served without ${COOP}.`, ""] : []),
  `Measured ${new Date().toISOString().slice(0, 10)}: Lighthouse ${RUNS}x per page (median), mobile defaults, simulated throttling; JS sizes gzip from the build; fps and long tasks under ${RUNS}x 3 s of scripted input (median).`,
  `Targets: performance ${TARGETS.performance}, FCP <= ${TARGETS.fcp / 1000} s, LCP <= ${TARGETS.lcp / 1000} s, TBT <= ${TARGETS.tbt} ms, CLS ${TARGETS.cls}, first-load JS <= ${kb(BUDGET.firstLoadJs)}, own JS <= ${kb(BUDGET.ownJs)}, >= ${TARGETS.fps} fps (60 Hz display) with ${TARGETS.longTasks} long tasks.`,
  "",
  ...rows,
  "",
  uwuLine,
  "",
  referenceLine,
  "",
  failures.length ? `Missed: ${failures.join("; ")}` : "Every target met.",
].join("\n");
console.log(report);
mkdirSync("bench-results", { recursive: true });
writeFileSync(`bench-results/${WITHOUT_COOP ? "without-coop" : "latest"}.md`, `${report}\n`);
// A full run (not BENCH_ONLY) of the site as it is served is the README's performance table.
if (!ONLY && !WITHOUT_COOP) replaceReadmeBlock("bench", report);
process.exit(failures.length ? 1 : 0);
