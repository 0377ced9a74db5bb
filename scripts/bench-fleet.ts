// `npm run bench:fleet` (issue 45, "A capacity you can plan by"): how many visitors one server
// process holds, and what a fleet for a viral day needs.
//
// 1. The knee of one process (scripts/bench/knee.ts): one server on Redis pinned to one core, the
//    load generator pinned to the other; visitors added in steps (BENCH_FLEET_STEPS), a quarter on
//    each shared toy, the sheet popped 500 times a second by 50 visitors and the other toys used
//    at a person's pace. The knee is the first step whose sheet fan-out p99 passes 250 ms or whose
//    event-loop lag p99 passes 100 ms; the capacity is the last step before it.
// 2. The fleet (scripts/bench/fleet-run.ts): three servers on one Redis, visitors through the one
//    address, the four toys at once: what goes through Redis, what each visitor receives, what the
//    proxy and Redis cost.
// 3. The capacity table, from those figures: visitors per process, Redis' messages a second, bytes
//    per visitor a second, and what 100,000 visitors at once would need. Written to docs/deploy.md
//    between its capacity markers (a shortened run is printed only). Exits non-zero below the goal
//    (10,000 visitors on one process), saying by how much and what saturated.
//
// Takes about 5 minutes on 2 cores with nothing else running (a step about 25 s, the knee's three
// measurements 60 s); each measurement waits up to a minute for other programs to leave the cores
// alone, so a busy machine adds up to a few minutes. Not part of `npm test`.
import { spawnSync } from "node:child_process";
import { capacityReport } from "./bench/capacity.ts";
import { FAILOVER_HEADER, failoverRow, measureFailover } from "./bench/failover.ts";
import { type FleetRun, runFleet } from "./bench/fleet-run.ts";
import { findKnee } from "./bench/knee.ts";
import { STEP_HEADER, stepRow } from "./bench/knee-step.ts";
import { childrenOf, loadavg, processWith } from "./bench/machine.ts";
import { startFleet } from "./lib/fleet.ts";
import { replaceBlock } from "./lib/local-site.ts";
import { raiseOpenFileLimit } from "./lib/process-limits.ts";

const GOAL = 10_000;
const STEPS = (process.env.BENCH_FLEET_STEPS ?? "2000,4000,6000,8000,10000,12000,14000,16000").split(",").map(Number);
const SECONDS = Number(process.env.BENCH_FLEET_SECONDS ?? 15);
const FLEET_VISITORS = Number(process.env.BENCH_FLEET_VISITORS ?? 3000);

const build = spawnSync(process.execPath, ["scripts/build-if-needed.mjs"], { stdio: "inherit" });
if (build.status !== 0) process.exit(build.status ?? 1);
raiseOpenFileLimit();

const started = performance.now();
const loadBefore = loadavg();
console.log(`bench:fleet: the knee of one process (load average ${loadBefore})\n${STEP_HEADER.join("\n")}`);
// BENCH_FLEET_PROFILE=dir: the knee's server runs with --cpu-prof, its profile written there when
// it stops (read it with scripts/bench/cpu-profile.ts).
const knee = await findKnee({
  steps: STEPS,
  seconds: SECONDS,
  cpuProfDir: process.env.BENCH_FLEET_PROFILE,
  onStep: (step) => console.log(stepRow(step)),
});

console.log(`\nbench:fleet: ${FLEET_VISITORS} visitors across three servers`);
// nginx planned as docs/deploy.md says, for the visitors and a thousand more: the voters come back
// as new visitors all along (with room for 1,000 connections more only, nginx ran out once and the
// voters stood still). A sheet of 100,000 bubbles, which 500 pops a second do not
// finish in the run (the site's 10,000 would be finished in 20 s, and the pops slow as it fills);
// its pops are numbers of five digits, one more than the site's.
const fleet = await startFleet({
  servers: 3,
  env: { LIVE_MAX_CONNECTIONS: String(FLEET_VISITORS + 1000), BUBBLES_SHEET_SIZE: "100000" },
  proxyVisitors: FLEET_VISITORS + 1000,
});
let run: FleetRun;
try {
  run = await runFleet(
    {
      targets: [{ host: "127.0.0.1", port: fleet.proxy.port }],
      servers: fleet.servers.map((server) => server.pid),
      proxy: [fleet.proxy.pid, ...childrenOf(fleet.proxy.pid)],
      redis: { url: fleet.redisUrl, pid: redisPid(fleet.redisUrl) },
    },
    { visitors: FLEET_VISITORS, seconds: SECONDS },
  );
} finally {
  await fleet.stop();
}

console.log(
  "\nbench:fleet: Redis' primary killed with SIGKILL under a crowd (three servers, a replica, three Sentinels)",
);
const failover = await measureFailover();
const failoverText = [
  "",
  "**A failover** (scripts/bench/failover.ts): three servers on Redis with a replica and three Sentinels (down after 1 s), behind the proxy; a device counts every 50 ms through the proxy while a crowd follows the total live; the primary is killed with SIGKILL 3 s in, and started again once the replica is promoted. The time to the first count acknowledged on the new primary (which waits for a replica: the old primary, once the Sentinels have made it one, docs/decisions/0010), the total's fan-out (a count's acknowledgement to each watcher hearing it) over the run, and the watchers whose channel closed (a page would say \"Reconnecting…\").",
  "",
  ...FAILOVER_HEADER,
  failoverRow(failover),
].join("\n");
console.log(failoverText);

const report = capacityReport({
  steps: knee.steps,
  knee: knee.knee,
  goal: GOAL,
  fleet: run,
  loadBefore,
  loadAfter: loadavg(),
  seconds: SECONDS,
});
console.log(`\n${report.text}`);
console.log(`\nbench:fleet took ${Math.round((performance.now() - started) / 1000)} s`);
const shortened = Boolean(
  process.env.BENCH_FLEET_STEPS || process.env.BENCH_FLEET_SECONDS || process.env.BENCH_FLEET_VISITORS,
);
if (!shortened) replaceBlock("docs/deploy.md", "capacity", `${report.text}\n${failoverText}`);
process.exit(report.passed ? 0 : 1);

/** The fleet's redis-server, found by the port it shows in its title. */
function redisPid(url: string): number {
  const pid = processWith(`redis-server 127.0.0.1:${new URL(url).port}`);
  if (pid === undefined) throw new Error(`no redis-server on ${url}`);
  return pid;
}
