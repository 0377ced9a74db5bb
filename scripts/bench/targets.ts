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
  /**
   * Main-thread work (Lighthouse's script evaluation plus "other") at most this many times the
   * floor's, on the still pages (not NOT_STILL_PAGES: there Lighthouse's window measures the toy
   * doing its job; docs/decisions/0009-cost-at-rest.md).
   */
  workOverFloor: 1.3,
  /** At rest (scripts/bench/at-rest.ts): main-thread ms a second of a settled page, no input, at full speed. */
  atRest: 2,
  /** ... on MOVING_PAGES, whose motion is what they are for. */
  atRestMoving: 5,
  /** Hidden: callbacks a second the page's scripts still have called (nothing ticks while hidden). */
  atRestHiddenCallbacks: 0.2,
  /** Lighthouse at this CPU slowdown, twice the model's (a slow day, or a cheaper phone), on SLOW_DAY_PAGES. */
  slowDayCpu: 8,
  /** ... TBT at most this at the median of the slow-day runs, and on every run on SLOW_DAY_EVERY_RUN. */
  slowDayTbt: 200,
  /**
   * ... and no task of the page's own scripts after the first contentful paint longer than this, on
   * any slow-day run (the document's parsing, style and first layout are the browser's, held by the
   * byte budget instead).
   */
  slowDayTask: 100,
} as const;

/** Pages whose motion is what they are for: their cost at rest is held to TARGETS.atRestMoving. */
export const MOVING_PAGES = ["/countdown", "/emojis", "/loading"];

/**
 * Pages that are not still once loaded: their motion or their live channel is what they are for,
 * so main-thread work over Lighthouse's window is not held to the floor's (decision 0009).
 */
export const NOT_STILL_PAGES = [
  "/",
  "/bubble-wrap/together",
  "/emojis/together",
  "/polls",
  "/clap",
  ...MOVING_PAGES,
  "/hacker",
];

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

/** The slow-day pages held to TARGETS.slowDayTbt on every run, not only at the median. */
export const SLOW_DAY_EVERY_RUN = ["/", "/about", "/bubble-wrap/together", "/emojis/together", "/polls", "/clap"];

/** The targets as docs/performance.md lists them. */
export function targetsList(): string {
  const t = TARGETS;
  return [
    `- Lighthouse 13 (mobile defaults: 4x CPU simulated, a fresh Chromium per run): performance ${t.performance}, FCP <= ${t.fcp / 1000} s, LCP <= ${t.lcp / 1000} s on every run, TBT <= ${t.tbt} ms at the median and <= ${t.tbtEveryRun} ms on every run, CLS ${t.cls} on every run.`,
    `- The slow day: Lighthouse at ${t.slowDayCpu}x CPU on ${SLOW_DAY_PAGES.map((p) => `\`${p}\``).join(", ")}: TBT <= ${t.slowDayTbt} ms at the median, and on every run on ${SLOW_DAY_EVERY_RUN.map((p) => `\`${p}\``).join(", ")}; no task of the page's own scripts after the first contentful paint longer than ${t.slowDayTask} ms on any run.`,
    `- Main-thread work (Lighthouse's script evaluation plus "other", median) at most ${t.workOverFloor}x the floor's, on every page that is still once loaded (all but ${NOT_STILL_PAGES.map((p) => `\`${p}\``).join(", ")}).`,
    `- At rest (a settled page, no input): at most ${t.atRest} ms of main thread a second at full speed (${t.atRestMoving} ms on ${MOVING_PAGES.map((p) => `\`${p}\``).join(", ")}), shown at Lighthouse's 4x beside it; hidden, at most ${t.atRestHiddenCallbacks} callbacks a second of the page's scripts.`,
    `- Under the phone conditions applied for real: painted before the floor, live (a press answered) at most ${t.liveOverFloor / 1000} s after the floor at the median; no chain of script requests deeper than ${t.chain} after the HTML.`,
    `- JavaScript on a cold load at most the floor's plus ${t.scriptOverFloor / 1024} KB.`,
    `- Pointer toys at human rates on a freshly loaded page: >= ${t.fps} fps, ${t.longTasks} long tasks.`,
  ].join("\n");
}
