// What runs in each main-thread task after a page's first paint, by function: a cold load in the
// benches' browser (a new context), traced with V8's sampling profiler, then every task after the
// first contentful paint longer than MIN_MS as Lighthouse's simulation would read it at AS_IF
// (its CPU time times AS_IF: a busy machine does not lengthen a task's own CPU time; default 8x,
// the slow day's), printed with its time in the page's modules and the
// functions that took it. Built without minifying (PROFILE_BUILD=1 npm run build, into a folder of
// its own with SITE_DIR), the names are React's and the site's own.
//
//   node scripts/bench/task-profile.ts / /about     (AS_IF=8 CPU=1 RUNS=1 MIN_MS=50 by default)
//   PROFILE_BUILD=1 npm run build && cp -r build /tmp/build-prof && npm run build
//   SITE_DIR=/tmp/build-prof/client node scripts/bench/task-profile.ts /
import { readFileSync } from "node:fs";
import { startSiteProcess, stopProcess } from "../lib/local-servers.ts";
import type { TraceEvent } from "./trace-event.ts";
import { launchVisitorBrowser } from "./visitor-browser.ts";

interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url: string; lineNumber?: number };
}

/** The CPU slowdown applied to the browser for real (1: none, and each task's thread time is read). */
const CPU = Number(process.env.CPU ?? 1);
/** The slowdown a task's own CPU time is scaled by, as Lighthouse's simulation does (its 4x, or 8x for a slow day). */
const AS_IF = Number(process.env.AS_IF ?? 8);
const RUNS = Number(process.env.RUNS ?? 1);
const MIN_MS = Number(process.env.MIN_MS ?? 50);
const TOP = Number(process.env.TOP ?? 8);

/** The renderer's main thread of the page, and the page's first contentful paint on it. */
function mainThread(events: TraceEvent[]) {
  const fcp = events.find((event) => event.name === "firstContentfulPaint");
  if (!fcp) throw new Error("no first contentful paint in the trace");
  return { pid: fcp.pid, tid: fcp.tid, fcpTs: fcp.ts };
}

/** Every sample of V8's profiler on that thread: when, and the node on top of the stack. */
function samplesOf(events: TraceEvent[], pid: number, tid: number) {
  const nodes = new Map<number, ProfileNode>();
  const samples: { ts: number; node: number }[] = [];
  const profiles = new Map<string, number>();
  for (const event of events) {
    if (event.pid !== pid) continue;
    if (event.name === "Profile" && event.tid === tid && event.id) {
      profiles.set(event.id, Number((event.args?.data as { startTime?: number } | undefined)?.startTime));
    }
  }
  for (const event of events) {
    if (event.name !== "ProfileChunk" || event.pid !== pid || !event.id || !profiles.has(event.id)) continue;
    const data = event.args?.data as {
      cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
      timeDeltas?: number[];
    };
    for (const node of data.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    let ts = profiles.get(event.id) as number;
    (data.cpuProfile?.samples ?? []).forEach((node, k) => {
      ts += data.timeDeltas?.[k] ?? 0;
      samples.push({ ts, node });
    });
    profiles.set(event.id, ts);
  }
  return { nodes, samples };
}

/**
 * A task's length as Lighthouse's simulation would read it at AS_IF: its own CPU time (the thread's
 * time, not the wall clock's, so a busy machine does not lengthen it) times AS_IF, or, with the CPU
 * slowed for real (CPU > 1), its wall time scaled from CPU to AS_IF.
 */
const slowed = (event: TraceEvent) =>
  CPU > 1 ? ((event.dur ?? 0) / 1000) * (AS_IF / CPU) : ((event.tdur ?? event.dur ?? 0) / 1000) * AS_IF;

const short = (url = "") => url.replace(/^.*\/assets\//, "").replace(/^https?:\/\/[^/]+/, "") || "(page)";

async function profile(origin: string, path: string) {
  const browser = await launchVisitorBrowser();
  try {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU });
    // As Lighthouse runs a page: DevTools' Runtime and Debugger domains attached (V8 then keeps
    // what a debugger needs, which makes some of the page's work dearer).
    if (process.env.AS_LIGHTHOUSE) {
      await cdp.send("Runtime.enable");
      await cdp.send("Debugger.enable");
    }
    await browser.startTracing(page, {
      categories: [
        "devtools.timeline",
        "disabled-by-default-devtools.timeline",
        "v8.execute",
        "disabled-by-default-v8.cpu_profiler",
        "blink.user_timing",
        "loading",
        "toplevel",
      ],
    });
    // Nothing asks the page anything while it starts (a locator's polling is a task of its own).
    await page.goto(origin + path, { waitUntil: "load" });
    await page.waitForTimeout(Number(process.env.WAIT_MS ?? 3000 * CPU));
    const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
    const events = trace.traceEvents;
    const { pid, tid, fcpTs } = mainThread(events);
    const { nodes, samples } = samplesOf(events, pid, tid);
    const tasks = events
      .filter(
        (event) =>
          event.pid === pid &&
          event.tid === tid &&
          event.ph === "X" &&
          (event.name === "ThreadControllerImpl::RunTask" || event.name === "RunTask") &&
          event.ts >= fcpTs &&
          slowed(event) >= MIN_MS,
      )
      .sort((a, b) => a.ts - b.ts)
      // A task inside another (RunTask within ThreadControllerImpl::RunTask) is the same task.
      .filter(
        (task, k, all) =>
          !all.some(
            (outer, j) =>
              j !== k &&
              outer.ts <= task.ts &&
              outer.ts + (outer.dur ?? 0) >= task.ts + (task.dur ?? 0) &&
              (outer.ts < task.ts || j < k),
          ),
      );
    const navigationStart = events.find((event) => event.name === "navigationStart" && event.pid === pid)?.ts ?? fcpTs;
    // All of the main thread's work, before and after the paint: its tasks' own CPU time, and the
    // profiler's samples by module (what the main-thread work is made of).
    const topLevel = events.filter(
      (event) =>
        event.pid === pid && event.tid === tid && event.ph === "X" && event.name === "ThreadControllerImpl::RunTask",
    );
    const cpu = (from: number, to: number) =>
      topLevel
        .filter((event) => event.ts >= from && event.ts < to)
        .reduce((sum, event) => sum + (event.tdur ?? event.dur ?? 0), 0) / 1000;
    const byModuleAll = new Map<string, number>();
    const selfAll = new Map<string, number>();
    for (let k = 0; k + 1 < samples.length; k++) {
      const sample = samples[k] as { ts: number; node: number };
      if (sample.ts < navigationStart) continue;
      let at = nodes.get(sample.node);
      let moduleOf = "";
      for (; at && !moduleOf; at = at.parent ? nodes.get(at.parent) : undefined) moduleOf = short(at.callFrame.url);
      const name =
        moduleOf && moduleOf !== "(page)" ? moduleOf : (nodes.get(sample.node)?.callFrame.functionName ?? "?");
      const ms = ((samples[k + 1]?.ts ?? sample.ts) - sample.ts) / 1000;
      byModuleAll.set(name, (byModuleAll.get(name) ?? 0) + ms);
      const frame = nodes.get(sample.node)?.callFrame;
      if (frame && !["(idle)", "(program)", "(root)"].includes(frame.functionName)) {
        const fn = `${frame.functionName || "(anonymous)"} ${short(frame.url)}`;
        selfAll.set(fn, (selfAll.get(fn) ?? 0) + ms);
      }
    }
    console.log(
      `${path}: main thread ${cpu(navigationStart, fcpTs).toFixed(0)} ms of CPU before the paint, ${cpu(fcpTs, Number.POSITIVE_INFINITY).toFixed(0)} ms after; by module: ${[
        ...byModuleAll,
      ]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 10)
        .map(([name, ms]) => `${name} ${ms.toFixed(0)}`)
        .join(", ")}`,
    );
    if (process.env.FUNCTIONS) {
      console.log(
        `  functions (self, from navigation): ${[...selfAll]
          .sort((a, b) => b[1] - a[1])
          .slice(0, Number(process.env.FUNCTIONS))
          .map(([name, ms]) => `${name} ${ms.toFixed(1)}`)
          .join(", ")}`,
      );
    }
    console.log(
      `${path}: first contentful paint at ${((fcpTs - navigationStart) / 1000).toFixed(0)} ms; ${tasks.length} tasks over ${MIN_MS} ms as if at ${AS_IF}x after it (browser slowed ${CPU}x)`,
    );
    for (const task of tasks) {
      const end = task.ts + (task.dur ?? 0);
      const self = new Map<string, number>();
      const byModule = new Map<string, number>();
      const inside = new Map<string, number>();
      let sampled = 0;
      for (let k = 0; k < samples.length; k++) {
        const sample = samples[k] as { ts: number; node: number };
        if (sample.ts < task.ts || sample.ts > end) continue;
        const next = samples[k + 1];
        const ms = next ? Math.min(next.ts - sample.ts, end - sample.ts) / 1000 : 0;
        sampled += ms;
        const node = nodes.get(sample.node);
        if (!node) continue;
        const name = `${node.callFrame.functionName || "(anonymous)"} ${short(node.callFrame.url)}`;
        self.set(name, (self.get(name) ?? 0) + ms);
        // The module the time was spent in (the innermost frame with a script), and every named
        // function on the stack once.
        const seen = new Set<string>();
        let moduleOf: string | undefined;
        for (let at: ProfileNode | undefined = node; at; at = at.parent ? nodes.get(at.parent) : undefined) {
          if (!moduleOf && at.callFrame.url) moduleOf = short(at.callFrame.url);
          const frame = at.callFrame.functionName;
          if (frame && !seen.has(frame)) {
            seen.add(frame);
            inside.set(frame, (inside.get(frame) ?? 0) + ms);
          }
        }
        const module = moduleOf ?? node.callFrame.functionName;
        byModule.set(module, (byModule.get(module) ?? 0) + ms);
      }
      const top = (map: Map<string, number>, n: number) =>
        [...map]
          .sort((a, b) => b[1] - a[1])
          .slice(0, n)
          .map(([name, ms]) => `${name} ${ms.toFixed(0)}`)
          .join(", ");
      const kinds = events.filter(
        (event) =>
          event.pid === pid &&
          event.tid === tid &&
          event.ts >= task.ts &&
          event.ts < end &&
          [
            "v8.evaluateModule",
            "FunctionCall",
            "TimerFire",
            "EventDispatch",
            "FireIdleCallback",
            "RunMicrotasks",
          ].includes(event.name),
      );
      // What the browser did in it outside JavaScript (style, layout, parsing, garbage collection).
      const native = new Map<string, number>();
      for (const event of events) {
        if (event.pid !== pid || event.tid !== tid || event.ph !== "X" || event.ts < task.ts || event.ts >= end)
          continue;
        if (
          [
            "UpdateLayoutTree",
            "Layout",
            "ParseHTML",
            "ParseAuthorStyleSheet",
            "MinorGC",
            "MajorGC",
            "v8.compile",
            "v8.compileModule",
            "Paint",
            "PrePaint",
            "HitTest",
            "v8.evaluateModule",
            "EvaluateScript",
            "FunctionCall",
            "TimerFire",
            "EventDispatch",
            "RunMicrotasks",
            "V8.GCScavenger",
            "BlinkGC.AtomicPhase",
            "ScheduleStyleRecalculation",
            "InvalidateLayout",
            "CommitLoad",
            "ResourceReceivedData",
            "ResourceFinish",
            "ResourceSendRequest",
            "ResourceReceiveResponse",
            "v8.produceModuleCache",
            "v8.produceCache",
            "CompositeLayers",
            "Commit",
          ].includes(event.name)
        )
          native.set(event.name, (native.get(event.name) ?? 0) + (event.dur ?? 0) / 1000);
      }
      const what = [
        ...new Set(
          kinds.map((event) => `${event.name}${event.args?.data?.url ? ` ${short(String(event.args.data.url))}` : ""}`),
        ),
      ]
        .slice(0, 4)
        .join("; ");
      console.log(
        `  at ${((task.ts - navigationStart) / 1000).toFixed(0)} ms: ${slowed(task).toFixed(0)} ms as if at ${AS_IF}x (${((task.tdur ?? task.dur ?? 0) / 1000).toFixed(1)} ms of CPU, ${((task.dur ?? 0) / 1000).toFixed(1)} ms wall) (${what})\n` +
          `    events: ${top(native, 8)}\n` +
          `    by module: ${top(byModule, 5)}\n    self: ${top(self, TOP)}\n    inside: ${top(inside, TOP + 4)}\n    (${sampled.toFixed(0)} ms sampled)`,
      );
    }
  } finally {
    await browser.close();
  }
}

const siteDir = process.env.SITE_DIR ?? "build/client";
readFileSync(`${siteDir}/index.html`);
const server = await startSiteProcess({ SITE_DIR: siteDir, COUNTER_DATA_DIR: "/tmp/task-profile-data" });
try {
  for (const path of process.argv.slice(2)) for (let run = 0; run < RUNS; run++) await profile(server.origin, path);
} finally {
  await stopProcess(server.child);
}
