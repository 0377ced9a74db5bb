// `npm run bench`: builds the site and the floor (React Router 8's stock app with an empty page,
// scripts/bench/floor), serves both the same way, and measures every page cold, as a first
// visitor meets it, against the targets in docs/performance.md:
// - Lighthouse (mobile defaults, simulated throttling), a fresh Chromium for every run;
// - paint and live (React attached) under Lighthouse's phone conditions applied for real, and the
//   depth of the chain of script requests;
// - JavaScript on a cold load, from Lighthouse's network records;
// - frame pacing of the pointer toys at human rates, and the painted UwU translation of 200 KB;
// - each page at rest, settled and left alone: main-thread ms a second at full speed and at 4x, and
//   what its scripts still do when it is hidden (scripts/bench/at-rest.ts).
// Runs go round by round over all pages, the floor in every round, so a slow minute of the machine
// costs every page one run, not one page its median. The machine's load average is read before
// and after: on two cores, numbers from a busy machine are not the site's, and the report says so.
// Writes the table to docs/performance.md (and bench-results/latest.md), the headline to the
// README, and exits non-zero on any miss. BENCH_RUNS (default 3), BENCH_ONLY=/,/hi,
// BENCH_SKIP_BUILD=1, BENCH_REST_MS (each at-rest window, default 5000).
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { type AtRest, measureAtRest } from "./bench/at-rest.ts";
import { chooseCpuSlowdown, describeCpu } from "./bench/calibrate.ts";
import { buildFloor, serveFloor } from "./bench/floor.ts";
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
import { type LighthouseResult, lighthouseCold, median } from "./bench/lighthouse.ts";
import { type LiveResult, PHONE } from "./bench/live.ts";
import { FLOOR, kb, pageTables, s } from "./bench/page-report.ts";
import { measureAgainstFloor, type PairedRun } from "./bench/paired.ts";
import { MOVING_PAGES, SLOW_DAY_PAGES, TARGETS } from "./bench/targets.ts";
import { measureUwuPaint, UWU_PAINT_BUDGET_MS } from "./bench/uwu-paint.ts";
import { launchVisitorBrowser } from "./bench/visitor-browser.ts";
import { benchUwu, UWU_BUDGET_MS } from "./bench-uwu.ts";
import { buildOrExit, loadRegistry, replaceBlock, replaceReadmeBlock, serveBuild } from "./lib/local-site.ts";

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
/** The window of each at-rest reading (scripts/bench/at-rest.ts). */
const REST_MS = Number(process.env.BENCH_REST_MS ?? 5000);
const ONLY = process.env.BENCH_ONLY;
/** A 1-minute load average above this on two cores means something else was running. */
const BUSY_LOAD = 1;

// Every toy that lives on pointer input or animates on its own, driven as a visitor would.
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

const loadAverage = () => readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).map(Number);
const loadBefore = loadAverage();

if (!process.env.BENCH_SKIP_BUILD) {
  buildOrExit();
  buildFloor();
}
const site = await serveBuild();
const floor = await serveFloor();
const registry = await loadRegistry();
const urls = registry.prerenderPaths().filter((url) => !ONLY || ONLY.split(",").includes(url));
const targetsOf = [
  { name: FLOOR, url: `${floor.origin}/` },
  ...urls.map((url) => ({ name: url, url: site.origin + url })),
];
const failures: string[] = [];
const check = (ok: boolean, what: string) => {
  if (!ok) failures.push(what);
  return ok ? "" : " ✗";
};

const cpu = await chooseCpuSlowdown();
process.stdout.write(`${describeCpu(cpu)}\n`);
const browser = await launchVisitorBrowser();
let measured: { floor: LiveResult[]; pairs: Map<string, PairedRun[]> } = { floor: [], pairs: new Map() };
const frameRuns = new Map<string, FrameStats[]>();
const uwuPaints: number[] = [];
const restRuns = new Map<string, AtRest[]>(targetsOf.map((t) => [t.name, []]));
const rest4x = new Map<string, AtRest>();
const restHidden = new Map<string, AtRest>();
try {
  // 1. Paint and live under the phone conditions, a new context (cold) for every load, each page
  // right after a load of the floor (scripts/bench/paired.ts).
  const pages = targetsOf.filter((target) => target.name !== FLOOR).map((target) => [target]);
  measured = await measureAgainstFloor(browser, `${floor.origin}/`, pages, RUNS, cpu.rate, (i) =>
    process.stdout.write(`live: round ${i}/${RUNS} done\n`),
  );
  // 2. Frames of the pointer toys, each run on a freshly loaded page.
  const pointerToys = Object.entries(POINTER_TOYS).filter(([path]) => urls.includes(path));
  for (let i = 0; i < RUNS; i++) {
    for (const [path, drive] of pointerToys) {
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      await page.goto(site.origin + path);
      await page.locator("html[data-hydrated]").waitFor();
      frameRuns.set(path, [...(frameRuns.get(path) ?? []), await measureFrames(page, drive)]);
      await page.close();
    }
  }
  // 3. The painted UwU translation.
  if (urls.includes("/uwu")) for (let i = 0; i < 5; i++) uwuPaints.push(await measureUwuPaint(browser, site.origin));
  // 4. At rest: every page settled and left alone, at full speed (round by round), at Lighthouse's
  // 4x, and hidden (scripts/bench/at-rest.ts).
  const rest = (target: { name: string; url: string }, options: Parameters<typeof measureAtRest>[2] = {}) =>
    measureAtRest(browser, target.url, { windowMs: REST_MS, live: target.name !== FLOOR, ...options });
  for (let i = 0; i < RUNS; i++) {
    for (const target of targetsOf) restRuns.get(target.name)?.push(await rest(target));
    process.stdout.write(`at rest: round ${i + 1}/${RUNS} done\n`);
  }
  for (const target of targetsOf) rest4x.set(target.name, await rest(target, { cpuRate: 4 }));
  for (const target of targetsOf) restHidden.set(target.name, await rest(target, { hidden: true }));
  process.stdout.write("at rest: 4x and hidden done\n");
} finally {
  await browser.close();
}

// 5. Lighthouse, a fresh Chromium for every run; then the slow-day round at twice the CPU slowdown.
const lighthouseRuns = new Map<string, LighthouseResult[]>(targetsOf.map((t) => [t.name, []]));
const slowTargets = targetsOf.filter((t) => t.name === FLOOR || SLOW_DAY_PAGES.includes(t.name));
const slowRuns = new Map<string, LighthouseResult[]>(slowTargets.map((t) => [t.name, []]));
try {
  for (let i = 0; i < RUNS; i++) {
    for (const target of targetsOf) lighthouseRuns.get(target.name)?.push(await lighthouseCold(target.url));
    process.stdout.write(`lighthouse: round ${i + 1}/${RUNS} done\n`);
  }
  for (let i = 0; i < RUNS; i++) {
    for (const target of slowTargets) {
      slowRuns.get(target.name)?.push(await lighthouseCold(target.url, { cpuSlowdown: TARGETS.slowDayCpu }));
    }
    process.stdout.write(`lighthouse at ${TARGETS.slowDayCpu}x: round ${i + 1}/${RUNS} done\n`);
  }
} finally {
  await site.close();
  floor.close();
}
const loadAfter = loadAverage();

// 6. The report.
const { rows, slowDayRows, lighthouse, liveOf, floorLh, floorLive } = pageTables(
  {
    targets: targetsOf,
    live: measured,
    frames: frameRuns,
    rest: restRuns,
    rest4x,
    restHidden,
    lighthouse: lighthouseRuns,
    slowDay: slowRuns,
  },
  check,
);

const uwuLogic = benchUwu();
const uwuPaint = uwuPaints.length ? median(uwuPaints) : Number.NaN;
const uwuLines = [
  `UwU translator, 200 KB: translated in ${uwuLogic.toFixed(1)} ms (median of 15; target < ${UWU_BUDGET_MS} ms)${check(uwuLogic < UWU_BUDGET_MS, `UwU logic ${uwuLogic.toFixed(1)} ms`)}`,
  uwuPaints.length
    ? `painted ${Math.round(uwuPaint)} ms after the click (median of 5: ${uwuPaints.map(Math.round).join(", ")}; target <= ${UWU_PAINT_BUDGET_MS} ms)${check(uwuPaint <= UWU_PAINT_BUDGET_MS, `UwU painted ${Math.round(uwuPaint)} ms after the click`)}`
    : "",
].filter(Boolean);

const slowRows = slowDayRows();

const busy = loadBefore[0] !== undefined && loadBefore[0] > BUSY_LOAD;
const machine = `Machine: load average ${loadBefore.join(" ")} before, ${loadAfter.join(" ")} after (2 cores).${busy ? ` **Busy: the 1-minute load was above ${BUSY_LOAD} before the bench started, so these numbers are not the site's. Measure again on a quiet machine.**` : ""}`;

const date = new Date().toISOString().slice(0, 10);
const report = [
  `Measured ${date}, ${RUNS} runs per page, round by round, medians. Lighthouse 13: mobile defaults, simulated throttling, a fresh Chromium per run. Paint and live: a cold load with the phone conditions applied for real (${PHONE.latencyMs} ms round trips, ${PHONE.downloadKbps / 1024} Mbps down, ${PHONE.uploadKbps} kbps up, ${describeCpu(cpu)}, no service worker), from the start of navigation, each page right after a load of the floor; scripts in: the last script arrived; live: a press is answered (React has attached to the page's heading and, here, replayed the clicks held until then); live − floor: the median of each load's difference from the floor's load just before it. JS, cold: JavaScript Lighthouse's load transferred. Chain: the deepest chain of script requests after the HTML. Frames: 3 s of scripted input at human rates on a freshly loaded page.`,
  `Targets: performance ${TARGETS.performance}, FCP <= ${TARGETS.fcp / 1000} s, LCP <= ${TARGETS.lcp / 1000} s on every run, TBT <= ${TARGETS.tbt} ms at the median and <= ${TARGETS.tbtEveryRun} ms on every run, CLS ${TARGETS.cls} on every run, main-thread work (Lighthouse's script evaluation plus "other", median) <= ${TARGETS.workOverFloor}x the floor's on the pages still once loaded, index: Lighthouse's benchmark index of this machine during the page's runs, JS <= the floor's + ${kb(TARGETS.scriptOverFloor)}, painted before the floor, live <= ${TARGETS.liveOverFloor} ms after the floor, chain <= ${TARGETS.chain}, >= ${TARGETS.fps} fps with ${TARGETS.longTasks} long tasks; at rest (a settled page, no input, ${REST_MS / 1000} s): main-thread ms a second at full speed (the median of ${RUNS}) <= ${TARGETS.atRest} (${TARGETS.atRestMoving} on ${MOVING_PAGES.join(", ")}), and at Lighthouse's 4x, and hidden: callbacks a second of the page's scripts <= ${TARGETS.atRestHiddenCallbacks}.`,
  machine,
  "",
  ...rows,
  "",
  `The slow day: Lighthouse at ${TARGETS.slowDayCpu}x CPU, twice its model's slowdown (a cheaper or hotter phone, or this machine on a slow minute), ${RUNS} runs per page; index: Lighthouse's benchmark index of this machine during the runs (higher is faster). Targets: TBT <= ${TARGETS.slowDayTbt} ms at the median, no task after the first paint longer than ${TARGETS.slowDayTask} ms on any run.`,
  "",
  ...slowRows,
  "",
  `By the bench's earlier measure of live (the root layout's effect, \`data-hydrated\`), the floor was live at ${s(floorLive.hydrated)} and \`/\` at ${urls.includes("/") ? s(liveOf("/").hydrated) : "(not measured)"}: a passive effect runs after React attached, later on the floor than a press is answered there.`,
  "",
  ...uwuLines,
  "",
  failures.length ? `Missed: ${failures.join("; ")}` : "Every target met.",
].join("\n");
console.log(report);
for (const failure of failures) console.error(`FAIL ${failure}`);
mkdirSync("bench-results", { recursive: true });
writeFileSync("bench-results/latest.md", `${report}\n`);

// A full run is the table in docs/performance.md and the headline in the README.
if (!ONLY) {
  replaceBlock("docs/performance.md", "bench", report);
  const pages = urls.map((url) => ({ l: lighthouse.get(url) as LighthouseResult, v: liveOf(url) }));
  const range = (values: number[], format: (n: number) => string) => {
    const [low, high] = [format(Math.min(...values)), format(Math.max(...values))];
    return low === high ? low : `${low} to ${high}`;
  };
  replaceReadmeBlock(
    "bench-headline",
    [
      `Measured ${date} by \`npm run bench\` (${RUNS} cold runs per page, medians; the whole table and how it is measured: [docs/performance.md](docs/performance.md)).${busy ? " The machine was busy during this run." : ""}`,
      "",
      "| | Lighthouse perf | FCP | LCP | TBT | JS on a cold load | painted (phone) | live (phone) |",
      "|---|---|---|---|---|---|---|---|",
      `| every page (${urls.length}) | ${range(
        pages.map((p) => p.l.performance),
        String,
      )} | ${range(
        pages.map((p) => p.l.fcp),
        s,
      )} | ${range(
        pages.map((p) => p.l.lcp),
        s,
      )} | ${range(
        pages.map((p) => p.l.tbt),
        (n) => `${Math.round(n)} ms`,
      )} | ${range(
        pages.map((p) => p.l.scriptBytes),
        kb,
      )} | ${range(
        pages.map((p) => p.v.paint),
        s,
      )} | ${range(
        pages.map((p) => p.v.live),
        s,
      )} |`,
      `| the floor: an empty React Router 8 page | ${floorLh.performance} | ${s(floorLh.fcp)} | ${s(floorLh.lcp)} | ${Math.round(floorLh.tbt)} ms | ${kb(floorLh.scriptBytes)} | ${s(floorLive.paint)} | ${s(floorLive.live)} |`,
      "",
      failures.length ? `Missed: ${failures.length} (listed in docs/performance.md).` : "Every target met.",
    ].join("\n"),
  );
}
process.exit(failures.length ? 1 : 0);
