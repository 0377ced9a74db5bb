// What makes up a page's Lighthouse TBT: one cold Lighthouse run per page (as the bench runs it),
// then Lighthouse's own simulation (Lantern) computed again on that run's trace, printing the
// simulated FCP and TTI it counts between and every simulated main-thread task over MIN_MS
// (default 30), with its observed length and the trace events it holds.
//
//   npm run build && node scripts/bench/lantern-tasks.ts / /coin       (RUNS=3 by default)
//   WITHOUT_HEADERS=cross-origin-opener-policy node scripts/bench/lantern-tasks.ts /
//
// DETAIL=1 lists each such task's events of DETAIL_MS (default 1) or more, with the function or
// script each ran.
// WITHOUT_HEADERS serves the same build through a proxy that drops those response headers, to
// measure what a header costs (docs/decisions/0004-no-opener-policy.md).
import http from "node:http";
import type { AddressInfo } from "node:net";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
// Lighthouse's internals: the metric's own computation, fed the run's artifacts.
import { Audit } from "lighthouse/core/audits/audit.js";
import { LanternFirstContentfulPaint } from "lighthouse/core/computed/metrics/lantern-first-contentful-paint.js";
import { LanternInteractive } from "lighthouse/core/computed/metrics/lantern-interactive.js";
import { LanternTotalBlockingTime } from "lighthouse/core/computed/metrics/lantern-total-blocking-time.js";
import { CHROMIUM_ARGS, findChromium } from "../chromium.mjs";
import { serveBuild } from "../lib/local-site.ts";

interface TraceEvent {
  name: string;
  ts: number;
  dur?: number;
  args?: { data?: { url?: string; functionName?: string; lineNumber?: number; columnNumber?: number; type?: string } };
}
interface CpuNode {
  type: string;
  event: TraceEvent;
  childEvents: TraceEvent[];
}
interface Estimate {
  timeInMs: number;
  nodeTimings: Map<CpuNode, { startTime: number; endTime: number; duration: number }>;
}
interface LanternResult {
  timing: number;
  optimisticEstimate: Estimate;
  pessimisticEstimate: Estimate;
}
type Computed = { request(data: unknown, context: unknown): Promise<LanternResult> };

// ORIGIN: a server already running (another build's), for a before and after.
const site = process.env.ORIGIN ? { origin: process.env.ORIGIN, close: async () => {} } : await serveBuild();
let origin = site.origin;
const dropped = (process.env.WITHOUT_HEADERS ?? "").split(",").filter(Boolean);
if (dropped.length) {
  const proxy = http.createServer((req, res) => {
    const upstream = http.request(
      site.origin + req.url,
      { method: req.method, headers: { ...req.headers, host: new URL(site.origin).host } },
      (answer) => {
        const headers = { ...answer.headers };
        for (const name of dropped) delete headers[name];
        res.writeHead(answer.statusCode ?? 502, headers);
        answer.pipe(res);
      },
    );
    // The site gone or a run's browser hanging up: that request fails, the measurement goes on.
    upstream.on("error", () => res.destroy());
    req.on("error", () => upstream.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((listening) => proxy.listen(0, "127.0.0.1", listening));
  proxy.unref();
  origin = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
}

const ms = (value: number) => String(Math.round(value));
const minMs = Number(process.env.MIN_MS ?? 30);
/** DETAIL=1: each task's events of DETAIL_MS or more, in order, with the function or script they ran. */
const DETAIL = Boolean(process.env.DETAIL);
const DETAIL_MS = Number(process.env.DETAIL_MS ?? 1);
try {
  for (const path of process.argv.slice(2)) {
    for (let run = 0; run < Number(process.env.RUNS ?? 3); run++) {
      const chrome = await chromeLauncher.launch({
        chromePath: findChromium(),
        chromeFlags: ["--headless=new", ...CHROMIUM_ARGS],
      });
      const result = await lighthouse(origin + path, {
        port: chrome.port,
        output: "json",
        onlyCategories: ["performance"],
        logLevel: "error",
        ...(process.env.CPU ? { throttling: { cpuSlowdownMultiplier: Number(process.env.CPU) } } : {}),
      }).finally(() => chrome.kill());
      if (!result || result.lhr.runtimeError) {
        console.log(`${path}: no result (${result?.lhr.runtimeError?.code ?? "nothing returned"})`);
        continue;
      }
      const context = { computedCache: new Map(), settings: result.lhr.configSettings };
      const data = Audit.makeMetricComputationDataInput(result.artifacts, context as never);
      const fcp = await (LanternFirstContentfulPaint as unknown as Computed).request(data, context);
      const tti = await (LanternInteractive as unknown as Computed).request(data, context);
      const tbt = await (LanternTotalBlockingTime as unknown as Computed).request(data, context);
      console.log(
        `${path}: TBT ${ms(tbt.timing)} (optimistic ${ms(tbt.optimisticEstimate.timeInMs)}, pessimistic ${ms(tbt.pessimisticEstimate.timeInMs)}); ` +
          `benchmark index ${ms(result.lhr.environment.benchmarkIndex)}, CPU ${result.lhr.configSettings.throttling.cpuSlowdownMultiplier}x; ` +
          `FCP ${ms(fcp.optimisticEstimate.timeInMs)}/${ms(fcp.pessimisticEstimate.timeInMs)}, TTI ${ms(tti.optimisticEstimate.timeInMs)}/${ms(tti.pessimisticEstimate.timeInMs)} (optimistic/pessimistic)`,
      );
      const tasks = [...tbt.pessimisticEstimate.nodeTimings]
        .filter(([node, timing]) => node.type === "cpu" && timing.duration >= minMs)
        .sort((a, b) => a[1].startTime - b[1].startTime);
      for (const [node, timing] of tasks) {
        const inside = new Map<string, number>();
        for (const event of node.childEvents) {
          if ((event.dur ?? 0) > 500) inside.set(event.name, (inside.get(event.name) ?? 0) + (event.dur ?? 0) / 1000);
        }
        const urls = new Set(node.childEvents.map((event) => event.args?.data?.url).filter(Boolean));
        const what = [...inside].sort((a, b) => b[1] - a[1]).slice(0, 4);
        console.log(
          `  ${ms(timing.startTime)}-${ms(timing.endTime)} ms simulated (${((node.event.dur ?? 0) / 1000).toFixed(1)} ms observed): ` +
            `${what.map(([name, took]) => `${name} ${ms(took)}`).join(", ")} ${[...urls].map((url) => String(url).replace(origin, "")).join(" ")}`,
        );
        if (DETAIL) {
          for (const event of node.childEvents) {
            if ((event.dur ?? 0) < DETAIL_MS * 1000) continue;
            const data = event.args?.data;
            const where = data
              ? [data.type, data.functionName, data.url?.replace(origin, ""), data.lineNumber, data.columnNumber]
              : [];
            console.log(
              `    +${((event.ts - node.event.ts) / 1000).toFixed(1)} ms ${event.name} ${((event.dur ?? 0) / 1000).toFixed(1)} ms ${where.filter((part) => part !== undefined && part !== "").join(" ")}`,
            );
          }
        }
      }
    }
  }
} finally {
  await site.close();
}
