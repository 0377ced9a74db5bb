// Lighthouse on a few pages beside the floor, round by round, a fresh Chromium per run, at the CPU
// slowdown asked for: each run's benchmark index, score, TBT, FCP, LCP, CLS, main-thread work and
// the long tasks after the first paint, then the medians. For a quick look at one change; the
// bench (npm run bench) holds every page to the targets.
//
//   node scripts/bench/lighthouse-pages.ts floor / /about          (CPU=4 RUNS=5 by default)
//   ORIGIN=http://localhost:3001 node scripts/bench/lighthouse-pages.ts /   (a server already running,
//   another build's, for a before and after)
import { readFileSync } from "node:fs";
import { serveBuild } from "../lib/local-site.ts";
import { serveFloor } from "./floor.ts";
import { type LighthouseResult, lighthouseCold, median } from "./lighthouse.ts";

const cpu = Number(process.env.CPU ?? 4);
const runs = Number(process.env.RUNS ?? 5);
const site = process.env.ORIGIN ? { origin: process.env.ORIGIN, close: async () => {} } : await serveBuild();
const floor = await serveFloor();
// A full address (another build's server) is measured as it is, named by itself.
const targets = process.argv
  .slice(2)
  .map((path) => [path, path === "floor" ? `${floor.origin}/` : /^https?:/.test(path) ? path : site.origin + path]);
const results = new Map<string, LighthouseResult[]>();
const load = () => readFileSync("/proc/loadavg", "utf8").split(" ")[0];
try {
  for (let round = 0; round < runs; round++) {
    for (const [name, url] of targets) {
      const r = await lighthouseCold(url as string, { cpuSlowdown: cpu });
      results.set(name as string, [...(results.get(name as string) ?? []), r]);
      const tasks = r.longTasks
        .filter((task) => task.startTime >= r.fcp)
        .map(
          (task) =>
            `${Math.round(task.duration)}@${Math.round(task.startTime)} ${task.url.replace(/^.*\//, "") || "(none)"}`,
        );
      console.log(
        `${name} run ${round + 1} (index ${Math.round(r.benchmarkIndex)}, load ${load()}): perf ${r.performance}, TBT ${Math.round(r.tbt)}, FCP ${Math.round(r.fcp)}, LCP ${Math.round(r.lcp)}, CLS ${r.cls}, work ${Math.round(r.scriptEvaluation + r.otherWork)}; tasks after the paint: ${tasks.join(", ") || "none"}`,
      );
    }
  }
} finally {
  await site.close();
  floor.close();
}
console.log(`\nmedians at ${cpu}x over ${runs} runs:`);
for (const [name, rs] of results) {
  const longest = Math.max(
    ...rs.map((r) => Math.max(0, ...r.longTasks.filter((t) => t.startTime >= r.fcp).map((t) => t.duration))),
  );
  console.log(
    `${name}: TBT ${Math.round(median(rs.map((r) => r.tbt)))} (${rs.map((r) => Math.round(r.tbt)).join("/")}), perf ${median(rs.map((r) => r.performance))}, LCP worst ${Math.round(Math.max(...rs.map((r) => r.lcp)))}, CLS worst ${Math.max(...rs.map((r) => r.cls))}, work ${Math.round(median(rs.map((r) => r.scriptEvaluation + r.otherWork)))}, longest task after the paint ${Math.round(longest)}, index ${rs.map((r) => Math.round(r.benchmarkIndex)).join("/")}`,
  );
}
process.exit(0);
