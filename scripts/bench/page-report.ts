// The tables `npm run bench` writes (scripts/bench.ts): every page's measurements beside the
// floor's, each held to its target (scripts/bench/targets.ts), and the slow day's round.
import type { AtRest } from "./at-rest.ts";
import type { FrameStats } from "./frames.ts";
import { type LighthouseResult, median, medianResult } from "./lighthouse.ts";
import type { LiveResult } from "./live.ts";
import { overFloor, type PairedRun, signedMs } from "./paired.ts";
import { MOVING_PAGES, NOT_STILL_PAGES, SLOW_DAY_EVERY_RUN, TARGETS } from "./targets.ts";

/** The floor's name among the pages measured. */
export const FLOOR = "floor";

/** What the bench measured, by page name (the floor's under FLOOR). */
export interface Measured {
  /** The pages in the order measured, the floor first. */
  targets: { name: string; url: string }[];
  /** Paint and live under the phone conditions (scripts/bench/paired.ts). */
  live: { floor: LiveResult[]; pairs: Map<string, PairedRun[]> };
  /** Frames of the pointer toys, a run a round. */
  frames: Map<string, FrameStats[]>;
  /** At rest at full speed, a reading a round; at 4x; hidden (scripts/bench/at-rest.ts). */
  rest: Map<string, AtRest[]>;
  rest4x: Map<string, AtRest>;
  restHidden: Map<string, AtRest>;
  /** Lighthouse at its defaults, a run a round; and the slow day's runs, of the pages it has. */
  lighthouse: Map<string, LighthouseResult[]>;
  slowDay: Map<string, LighthouseResult[]>;
}

/** Notes a miss (`what`) unless `ok`; its mark in the table. */
export type Check = (ok: boolean, what: string) => string;

export const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
export const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** The page table's rows and the slow day's (markdown), each cell checked against its target. */
export function pageTables(m: Measured, check: Check) {
  const { targets: targetsOf, frames: frameRuns, rest: restRuns, rest4x, restHidden } = m;
  const { lighthouse: lighthouseRuns, slowDay: slowRuns, live: measured } = m;
  const slowTargets = targetsOf.filter((target) => slowRuns.has(target.name));
  const lighthouse = new Map([...lighthouseRuns].map(([name, runs]) => [name, medianResult(runs)]));
  const liveOf = (name: string) => {
    const pairs = measured.pairs.get(name) ?? [];
    const runs = name === FLOOR ? measured.floor : pairs.map((pair) => pair.run);
    return {
      over: overFloor(pairs),
      paint: median(runs.map((r) => r.paint)),
      live: median(runs.map((r) => r.live)),
      chain: Math.max(...runs.map((r) => r.chain)),
      scripts: median(runs.map((r) => r.scripts)),
      liveRuns: pairs.map((pair) => `${Math.round(pair.run.live)} (floor ${Math.round(pair.floor.live)})`).join(", "),
      hydrated: median(runs.map((r) => r.hydrated)),
      scriptsArrived: median(runs.map((r) => r.scriptsArrived)),
    };
  };
  const floorLive = liveOf(FLOOR);
  const floorLh = lighthouse.get(FLOOR) as LighthouseResult;
  const framesOf = (path: string) => {
    const runs = [...(frameRuns.get(path) ?? [])].sort((a, b) => a.fps - b.fps);
    return runs.length ? { median: runs[Math.floor(runs.length / 2)] as FrameStats, runs } : undefined;
  };

  /** The worst of a page's Lighthouse runs on one figure, and the runs as the bench prints them. */
  const worst = (name: string, key: "lcp" | "tbt" | "cls") =>
    Math.max(...(lighthouseRuns.get(name) ?? []).map((r) => r[key]));
  const runsOf = (name: string, key: "lcp" | "tbt" | "cls") =>
    (lighthouseRuns.get(name) ?? []).map((r) => (key === "cls" ? r.cls.toFixed(3) : Math.round(r[key]))).join(", ");

  /** Main-thread work of a Lighthouse result, as the target reads it: script evaluation plus "other". */
  const work = (r: LighthouseResult) => r.scriptEvaluation + r.otherWork;
  const workOf = (runs: readonly LighthouseResult[]) => median(runs.map(work));
  const floorWork = workOf(lighthouseRuns.get(FLOOR) ?? []);
  /** The benchmark index of a page's runs, lowest to highest (higher is a faster machine at that moment). */
  const indexRange = (runs: readonly LighthouseResult[]) => {
    const values = runs.map((r) => Math.round(r.benchmarkIndex));
    return `${Math.min(...values)}-${Math.max(...values)}`;
  };
  /**
   * The longest task of the page's own scripts after the first contentful paint in one run
   * (simulated ms): a task Lighthouse attributes to a script. The document's parsing, style and first
   * layout are the browser's (decision 0009).
   */
  const longestAfterPaint = (r: LighthouseResult) =>
    Math.max(
      0,
      ...r.longTasks
        .filter((task) => task.startTime >= r.fcp && /\.js(\?|$)/.test(task.url))
        .map((task) => task.duration),
    );
  /** The page's at-rest readings: the median at full speed, and the 4x and hidden ones. */
  const restOf = (name: string) => ({
    full: median((restRuns.get(name) ?? []).map((r) => r.msPerSecond)),
    at4x: rest4x.get(name)?.msPerSecond ?? Number.NaN,
    hiddenCallbacks: restHidden.get(name)?.callbacksPerSecond ?? Number.NaN,
  });
  const restCell = (name: string) => {
    const r = restOf(name);
    const limit = MOVING_PAGES.includes(name) ? TARGETS.atRestMoving : TARGETS.atRest;
    const checked =
      name === FLOOR
        ? ""
        : `${check(r.full <= limit, `${name} at rest ${r.full.toFixed(1)} ms a second (runs: ${(restRuns.get(name) ?? []).map((x) => x.msPerSecond.toFixed(1)).join(", ")})`)}`;
    const hidden =
      name === FLOOR
        ? ""
        : check(
            r.hiddenCallbacks <= TARGETS.atRestHiddenCallbacks,
            `${name} hidden: ${r.hiddenCallbacks.toFixed(1)} callbacks a second`,
          );
    return `${r.full.toFixed(1)}${checked} / ${r.at4x.toFixed(1)} ms; hidden ${r.hiddenCallbacks.toFixed(1)}${hidden}`;
  };

  const rows = [
    "| page | perf | FCP | LCP | TBT | CLS | work (÷ floor) | index | JS, cold | paint (phone) | scripts in (phone) | live (phone) | live − floor | chain | fps | long tasks | at rest: 1x / 4x, hidden |",
    "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|",
  ];
  for (const { name } of targetsOf) {
    const l = lighthouse.get(name) as LighthouseResult;
    const v = liveOf(name);
    const f = framesOf(name);
    const isFloor = name === FLOOR;
    const over = v.over.live;
    const cells = isFloor
      ? [
          `${l.performance}`,
          s(l.fcp),
          s(l.lcp),
          `${Math.round(l.tbt)} ms`,
          l.cls.toFixed(3),
          `${Math.round(floorWork)} ms`,
          indexRange(lighthouseRuns.get(name) ?? []),
          kb(l.scriptBytes),
          s(v.paint),
          s(v.scriptsArrived),
          s(v.live),
          "",
          `${v.chain}`,
          "",
          "",
          restCell(name),
        ]
      : [
          `${l.performance}${check(l.performance >= TARGETS.performance, `${name} performance ${l.performance}`)}`,
          `${s(l.fcp)}${check(l.fcp <= TARGETS.fcp, `${name} FCP ${Math.round(l.fcp)} ms`)}`,
          `${s(l.lcp)}${check(l.lcp <= TARGETS.lcp, `${name} LCP ${Math.round(l.lcp)} ms`)}, worst ${s(worst(name, "lcp"))}${check(worst(name, "lcp") <= TARGETS.lcp, `${name} LCP on a run ${Math.round(worst(name, "lcp"))} ms (runs: ${runsOf(name, "lcp")})`)}`,
          `${Math.round(l.tbt)} ms${check(l.tbt <= TARGETS.tbt, `${name} TBT ${Math.round(l.tbt)} ms (runs: ${runsOf(name, "tbt")})`)}, worst ${Math.round(worst(name, "tbt"))}${check(worst(name, "tbt") <= TARGETS.tbtEveryRun, `${name} TBT on a run ${Math.round(worst(name, "tbt"))} ms (runs: ${runsOf(name, "tbt")})`)}`,
          `${l.cls.toFixed(3)}${check(worst(name, "cls") <= TARGETS.cls, `${name} CLS ${worst(name, "cls")} on a run (runs: ${runsOf(name, "cls")})`)}`,
          (() => {
            const pageWork = workOf(lighthouseRuns.get(name) ?? []);
            const ratio = pageWork / floorWork;
            // Held on the still pages only: elsewhere the window measures the toy doing its job.
            if (NOT_STILL_PAGES.includes(name)) return `${Math.round(pageWork)} ms (${ratio.toFixed(2)}, not still)`;
            return `${Math.round(pageWork)} ms (${ratio.toFixed(2)})${check(ratio <= TARGETS.workOverFloor, `${name} main-thread work ${Math.round(pageWork)} ms, ${ratio.toFixed(2)}x the floor's`)}`;
          })(),
          indexRange(lighthouseRuns.get(name) ?? []),
          `${kb(l.scriptBytes)}${check(l.scriptBytes <= floorLh.scriptBytes + TARGETS.scriptOverFloor, `${name} JS on a cold load ${kb(l.scriptBytes)}`)}`,
          `${s(v.paint)}${check(v.over.paint < 0, `${name} paints ${Math.round(v.over.paint)} ms after the floor`)}`,
          s(v.scriptsArrived),
          s(v.live),
          `${signedMs(over)}${check(over <= TARGETS.liveOverFloor, `${name} live ${Math.round(over)} ms after the floor (runs: ${v.liveRuns})`)}`,
          `${v.chain}${check(v.chain <= TARGETS.chain, `${name} a chain of ${v.chain} script requests`)}`,
          f
            ? `${f.median.fps.toFixed(1)}${check(f.median.fps >= TARGETS.fps, `${name} ${f.median.fps.toFixed(1)} fps (runs: ${f.runs.map((r) => r.fps.toFixed(0)).join(", ")})`)}`
            : "",
          f
            ? `${f.median.longTasks}${check(f.median.longTasks <= TARGETS.longTasks, `${name} ${f.median.longTasks} long tasks`)}`
            : "",
          restCell(name),
        ];
    rows.push(`| ${isFloor ? "the floor (empty React Router page)" : name} | ${cells.join(" | ")} |`);
  }

  /**
   * The slow-day round's rows: each page's runs at twice the model's CPU slowdown. Built when asked,
   * so its misses are listed after those the caller checks in between (the UwU translator's).
   */
  const slowDayRows = () => {
    const slowRows = [
      `| page (Lighthouse at ${TARGETS.slowDayCpu}x CPU) | index | TBT (runs) | TBT, median | TBT, worst run | longest script task after paint, worst run | work |`,
      "|---|---|---|---|---|---|---|",
    ];
    for (const { name } of slowTargets) {
      const runs = slowRuns.get(name) ?? [];
      if (runs.length === 0) continue;
      const tbt = median(runs.map((r) => r.tbt));
      const tbtWorst = Math.max(...runs.map((r) => r.tbt));
      const longest = Math.max(...runs.map(longestAfterPaint));
      const isFloor = name === FLOOR;
      const everyRun = SLOW_DAY_EVERY_RUN.includes(name);
      slowRows.push(
        `| ${isFloor ? "the floor" : name} | ${indexRange(runs)} | ${runs.map((r) => Math.round(r.tbt)).join(", ")} | ${Math.round(tbt)} ms${isFloor ? "" : check(tbt <= TARGETS.slowDayTbt, `${name} TBT ${Math.round(tbt)} ms at ${TARGETS.slowDayCpu}x`)} | ${Math.round(tbtWorst)} ms${isFloor || !everyRun ? "" : check(tbtWorst <= TARGETS.slowDayTbt, `${name} TBT ${Math.round(tbtWorst)} ms on a run at ${TARGETS.slowDayCpu}x`)} | ${Math.round(longest)} ms${isFloor ? "" : check(longest <= TARGETS.slowDayTask, `${name} a script task of ${Math.round(longest)} ms after the paint at ${TARGETS.slowDayCpu}x`)} | ${Math.round(workOf(runs))} ms |`,
      );
    }
    return slowRows;
  };
  return { rows, slowDayRows, lighthouse, liveOf, floorLh, floorLive };
}
