// `npm run bench:start`: paint, scripts in and live (scripts/bench/live.ts) of one or more builds
// against the floor, for a before-and-after of a start-up change without the whole bench. Every
// route is loaded right after a load of the floor, in each build in turn (scripts/bench/paired.ts),
// and compared with that floor load. BUILDS=before=/tmp/before/build/client,after=build/client
// (default: this build), ROUTES=/,/hi (default; `all` for every pre-rendered page), RUNS=3
// (default), CPU_SLOWDOWN=mid-tier (default: the slowdown at which this host scores like a mid-tier
// phone, scripts/bench/calibrate.ts; or a number, 4 as Lighthouse). Prints this host's benchmark index,
// medians, a Markdown table of paint and live over the floor per route and build, and a FAIL line
// for every route live more than LIVE_OVER_FLOOR_MS after the floor or painted after it; writes
// nothing.
import { existsSync, readFileSync } from "node:fs";
import { createSiteServer } from "../server/http/http.ts";
import { siteFiles } from "../server/static/static.ts";
import { chooseCpuSlowdown, describeCpu } from "./bench/calibrate.ts";
import { buildFloor, serveFloor } from "./bench/floor.ts";
import { median } from "./bench/lighthouse.ts";
import type { LiveResult } from "./bench/live.ts";
import { LIVE_OVER_FLOOR_MS, measureAgainstFloor, overFloor, signedMs } from "./bench/paired.ts";
import { launchVisitorBrowser } from "./bench/visitor-browser.ts";
import { listenOnFreePort, loadRegistry } from "./lib/local-site.ts";

const RUNS = Number(process.env.RUNS ?? 3);
const ROUTES =
  process.env.ROUTES === "all" ? (await loadRegistry()).prerenderPaths() : (process.env.ROUTES ?? "/,/hi").split(",");
const BUILDS = (process.env.BUILDS ?? "this=build/client")
  .split(",")
  .map((pair) => pair.split("=") as [string, string]);

if (!existsSync("scripts/bench/floor/build/client")) buildFloor();
const floorSite = await serveFloor();
const sites = await Promise.all(
  BUILDS.map(async ([name, dir]) => ({ name, ...(await listenOnFreePort(createSiteServer(siteFiles(dir)))) })),
);
const groups = ROUTES.map((route) =>
  sites.map((site) => ({ name: `${site.name} ${route}`, url: site.origin + route })),
);
const load = () => readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
console.log(`load average before: ${load()}`);
const cpu = await chooseCpuSlowdown();
console.log(describeCpu(cpu));
const browser = await launchVisitorBrowser();
let measured: Awaited<ReturnType<typeof measureAgainstFloor>>;
try {
  measured = await measureAgainstFloor(browser, `${floorSite.origin}/`, groups, RUNS, cpu.rate, (round) =>
    console.log(`round ${round}/${RUNS} done`),
  );
} finally {
  await browser.close();
  floorSite.close();
  for (const site of sites) site.close();
}
console.log(`load average after: ${load()}`);

const ms = (runs: readonly LiveResult[], key: keyof LiveResult) => Math.round(median(runs.map((run) => run[key])));
const line = (name: string, runs: readonly LiveResult[], over = "") =>
  console.log(
    `${name.padEnd(32)} paint ${ms(runs, "paint")}  scripts in ${ms(runs, "scriptsArrived")}  live ${ms(runs, "live")}${over}  attached ${ms(runs, "attached")}  released ${ms(runs, "released")}  data-hydrated ${ms(runs, "hydrated")}  live runs ${runs.map((run) => Math.round(run.live)).join(", ")}`,
  );
line(`floor (${measured.floor.length} loads)`, measured.floor);
const failures: string[] = [];
const rows: string[] = [];
for (const route of ROUTES) {
  const cells: string[] = [];
  for (const site of sites) {
    const name = `${site.name} ${route}`;
    const pairs = measured.pairs.get(name) ?? [];
    const over = overFloor(pairs);
    line(
      name,
      pairs.map((pair) => pair.run),
      ` (${signedMs(over.live)} over its floor)`,
    );
    cells.push(`${signedMs(over.paint)}, ${signedMs(over.live)}`);
    if (over.live > LIVE_OVER_FLOOR_MS) failures.push(`${name} live ${Math.round(over.live)} ms after the floor`);
    if (over.paint >= 0) failures.push(`${name} paints ${Math.round(over.paint)} ms after the floor`);
  }
  rows.push(`| \`${route}\` | ${cells.join(" | ")} |`);
}
// The same figures as a table: paint and live over the floor, one column per build.
console.log(
  `\nThe floor, median of ${measured.floor.length} loads: paint ${ms(measured.floor, "paint")} ms, live ${ms(measured.floor, "live")} ms.\n`,
);
console.log(`| route | ${sites.map((site) => `${site.name}: paint, live over the floor`).join(" | ")} |`);
console.log(`|---|${sites.map(() => "---|").join("")}`);
for (const row of rows) console.log(row);
for (const failure of failures) console.log(`FAIL ${failure}`);
process.exit(0);
