// Two builds of one page, loaded in turn (A, B, A, B ...) in a phone's viewport with the CPU slowed,
// each load traced: the main thread's task time in the WAIT_MS after the first contentful paint,
// its style passes, the time of its tasks over 50 ms (a TBT as the trace reads it, not Lighthouse's
// simulation) and its longest task, per load and as medians. For a before and after of one change:
// taken in turns (A first in one round, B in the next), what drifts over minutes (this machine's
// speed) lands on both sides.
//
//   cp -r build /tmp/build-before   (then change, npm run build)
//   node scripts/bench/main-thread-ab.ts /tmp/build-before/client build/client /faq   (N=7 CPU=4 WAIT_MS=5000)
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startSiteProcess, stopProcess } from "../lib/local-servers.ts";
import { median } from "./lighthouse.ts";
import type { TraceEvent } from "./trace-event.ts";
import { launchVisitorBrowser } from "./visitor-browser.ts";

const [before, after, path] = process.argv.slice(2);
if (!before || !after || !path) {
  console.error("usage: node scripts/bench/main-thread-ab.ts <site dir A> <site dir B> <path>");
  process.exit(2);
}
const N = Number(process.env.N ?? 7);
const CPU = Number(process.env.CPU ?? 4);
const WAIT_MS = Number(process.env.WAIT_MS ?? 5000);

const dataDir = mkdtempSync(join(tmpdir(), "main-thread-ab-"));
const sites = {
  A: await startSiteProcess({ SITE_DIR: before, COUNTER_DATA_DIR: join(dataDir, "a") }),
  B: await startSiteProcess({ SITE_DIR: after, COUNTER_DATA_DIR: join(dataDir, "b") }),
};
const browser = await launchVisitorBrowser();
const columns = ["tasks", "style", "over 50", "longest"] as const;
const loads: Record<keyof typeof sites, number[][]> = { A: [], B: [] };
const ms = (events: TraceEvent[]) => events.reduce((sum, event) => sum + (event.dur ?? 0), 0) / 1000;
try {
  for (let round = 0; round < N; round++) {
    for (const name of round % 2 ? (["B", "A"] as const) : (["A", "B"] as const)) {
      const context = await browser.newContext({
        viewport: { width: 412, height: 823 },
        isMobile: true,
        hasTouch: true,
      });
      const page = await context.newPage();
      await (await context.newCDPSession(page)).send("Emulation.setCPUThrottlingRate", { rate: CPU });
      await browser.startTracing(page, { categories: ["devtools.timeline", "disabled-by-default-devtools.timeline"] });
      // The load event comes after the first paint: WAIT_MS after it, the window has passed.
      await page.goto(sites[name].origin + path, { waitUntil: "load" });
      await page.waitForTimeout(WAIT_MS);
      const events = JSON.parse((await browser.stopTracing()).toString()).traceEvents as TraceEvent[];
      await context.close();
      const fcp = events.find((event) => event.name === "firstContentfulPaint");
      if (!fcp) throw new Error(`${name} ${path}: no first contentful paint in the trace`);
      const after = events.filter(
        (event) =>
          event.pid === fcp.pid &&
          event.tid === fcp.tid &&
          event.ph === "X" &&
          event.ts >= fcp.ts &&
          event.ts < fcp.ts + WAIT_MS * 1000,
      );
      const tasks = after.filter((event) => event.name === "RunTask" || event.name === "ThreadControllerImpl::RunTask");
      const lengths = tasks.map((task) => (task.dur ?? 0) / 1000);
      loads[name].push([
        ms(tasks),
        ms(after.filter((event) => event.name === "UpdateLayoutTree")),
        lengths.reduce((sum, length) => sum + Math.max(0, length - 50), 0),
        Math.max(0, ...lengths),
      ]);
    }
  }
} finally {
  await browser.close();
  await stopProcess(sites.A.child);
  await stopProcess(sites.B.child);
  rmSync(dataDir, { recursive: true, force: true });
}
console.log(`${path}, ${N} loads each at ${CPU}x, ms of main thread in the ${WAIT_MS} ms after the first paint:`);
for (const name of ["A", "B"] as const) {
  const cells = columns.map((column, k) => {
    const values = loads[name].map((load) => load[k] as number);
    return `${column} ${Math.round(median(values))} (${values.map(Math.round).join("/")})`;
  });
  console.log(`${name} ${name === "A" ? before : after}: ${cells.join("; ")}`);
}
process.exit(0);
