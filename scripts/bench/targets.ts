// What `npm run bench` holds every page to (docs/performance.md lists them from here: npm run docs).
import { LIVE_OVER_FLOOR_MS } from "./paired.ts";

export const TARGETS = {
  /** Lighthouse 13, mobile defaults (4x CPU, simulated), a fresh Chromium per run. */
  performance: 100,
  fcp: 800,
  lcp: 1000,
  tbt: 50,
  /** TBT within this on every run, not only at the median; LCP and CLS within theirs on every run. */
  tbtEveryRun: 100,
  cls: 0,
  /** Live (a press answered) at most this long after the floor, under the phone conditions. */
  liveOverFloor: LIVE_OVER_FLOOR_MS,
  /** JavaScript on a cold load at most this much more than the floor's. */
  scriptOverFloor: 12 * 1024,
  /** No chain of script requests deeper than this after the HTML. */
  chain: 2,
  fps: 57,
  longTasks: 0,
  /** Main-thread work (Lighthouse's script evaluation plus "other") at most this many times the floor's. */
  workOverFloor: 1.3,
  /** Lighthouse at this CPU slowdown, twice the model's (a slow day, or a cheaper phone), on SLOW_DAY_PAGES. */
  slowDayCpu: 8,
  /** ... TBT at the median of the slow-day runs at most this. */
  slowDayTbt: 200,
  /** ... and no task after the first contentful paint longer than this, on any slow-day run. */
  slowDayTask: 100,
} as const;

/**
 * The slow-day round (issue 55): the home page, a static page, each shared page, a pointer toy,
 * and the floor beside them.
 */
export const SLOW_DAY_PAGES = [
  "/",
  "/about",
  "/bubble-wrap/together",
  "/emojis/together",
  "/polls",
  "/clap",
  "/shrugs",
];

/** The targets as docs/performance.md lists them. */
export function targetsList(): string {
  const t = TARGETS;
  return [
    `- Lighthouse 13 (mobile defaults: 4x CPU simulated, a fresh Chromium per run): performance ${t.performance}, FCP <= ${t.fcp / 1000} s, LCP <= ${t.lcp / 1000} s on every run, TBT <= ${t.tbt} ms at the median and <= ${t.tbtEveryRun} ms on every run, CLS ${t.cls} on every run.`,
    `- The slow day: Lighthouse at ${t.slowDayCpu}x CPU on ${SLOW_DAY_PAGES.map((p) => `\`${p}\``).join(", ")}: TBT <= ${t.slowDayTbt} ms at the median, no task after the first contentful paint longer than ${t.slowDayTask} ms on any run.`,
    `- Main-thread work (Lighthouse's script evaluation plus "other", median) at most ${t.workOverFloor}x the floor's.`,
    `- Under the phone conditions applied for real: painted before the floor, live (a press answered) at most ${t.liveOverFloor / 1000} s after the floor at the median; no chain of script requests deeper than ${t.chain} after the HTML.`,
    `- JavaScript on a cold load at most the floor's plus ${t.scriptOverFloor / 1024} KB.`,
    `- Pointer toys at human rates on a freshly loaded page: >= ${t.fps} fps, ${t.longTasks} long tasks.`,
  ].join("\n");
}
