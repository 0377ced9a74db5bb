// `npm run bench:start`: paint, scripts in and live (scripts/bench/live.ts) of one or more builds
// against the floor, in the same rounds, for a before-and-after of a start-up change without the
// whole bench. BUILDS=before=/tmp/before/build/client,after=build/client (default: this build),
// ROUTES=/,/hi (default), RUNS=3 (default). Prints medians; writes nothing.
import { existsSync, readFileSync } from "node:fs";
import { chromium } from "playwright-core";
import { createSiteServer } from "../server/http.ts";
import { siteFiles } from "../server/static.ts";
import { buildFloor, serveFloor } from "./bench/floor.ts";
import { median } from "./bench/lighthouse.ts";
import { type LiveResult, measureLive } from "./bench/live.ts";
import { CHROMIUM_ARGS, findChromium } from "./chromium.mjs";
import { listenOnFreePort } from "./lib/local-site.ts";

const RUNS = Number(process.env.RUNS ?? 3);
const ROUTES = (process.env.ROUTES ?? "/,/hi").split(",");
const BUILDS = (process.env.BUILDS ?? "this=build/client")
  .split(",")
  .map((pair) => pair.split("=") as [string, string]);

if (!existsSync("scripts/bench/floor/build/client")) buildFloor();
const floor = await serveFloor();
const sites = await Promise.all(
  BUILDS.map(async ([name, dir]) => ({ name, ...(await listenOnFreePort(createSiteServer(siteFiles(dir)))) })),
);
const targets = [
  { name: "floor", url: `${floor.origin}/` },
  ...sites.flatMap((site) => ROUTES.map((route) => ({ name: `${site.name} ${route}`, url: site.origin + route }))),
];
const load = () => readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
console.log(`load average before: ${load()}`);
const results = new Map<string, LiveResult[]>(targets.map((target) => [target.name, []]));
const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
try {
  for (let round = 0; round < RUNS; round++) {
    for (const target of targets) results.get(target.name)?.push(await measureLive(browser, target.url));
  }
} finally {
  await browser.close();
  floor.close();
  for (const site of sites) site.close();
}
console.log(`load average after: ${load()}`);
const ms = (runs: LiveResult[], key: keyof LiveResult) => Math.round(median(runs.map((run) => run[key])));
const floorLive = ms(results.get("floor") ?? [], "live");
for (const [name, runs] of results) {
  const live = ms(runs, "live");
  console.log(
    `${name.padEnd(32)} paint ${ms(runs, "paint")}  scripts in ${ms(runs, "scriptsArrived")}  live ${live} (${live - floorLive >= 0 ? "+" : ""}${live - floorLive})  data-hydrated ${ms(runs, "hydrated")}  live runs ${runs.map((run) => Math.round(run.live)).join(", ")}`,
  );
}
process.exit(0);
