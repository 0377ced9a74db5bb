// `npm test`: every check, stage after stage, stopping at the first that fails, then how long
// each stage took, so a stage that grows is seen the day it grows (docs/testing.md has the figures).
import { spawn, spawnSync } from "node:child_process";
import { loadavg } from "node:os";
import { resolve } from "node:path";
import { stripVTControlCharacters } from "node:util";

/**
 * Each stage is an npm script; the build comes before the tests, which check its output. A group's
 * stages run at once. The first stage of a group writes as it goes; the others' output is printed
 * after it, whole.
 *
 * The two browser specs that time a fleet's comeback (every page live within 15 s of its server's
 * SIGTERM: the Playwright project `fleet`) are a stage of their own, before the rest, with only
 * the byte budget (a quiet second a page) and the deploy check (mostly `npm ci`) beside them: in
 * the big group CI failed them twice (29de93c, d390523), at load 8-10, a page not live in time
 * beside the unit stage's load tests, the budget's browser and two workers of browser tests.
 * The rest of the browser tests and the unit tests are one group: the unit stage leaves a core
 * idle for much of its time (its load tests run one at a time and most of its tests wait on
 * sockets, processes and timers: alone, 86 s for 93 s of CPU on two cores), and the browser tests
 * take that room (2026-12-02, quiet, on one fresh clone: 110 s for the unit group then 294 s for
 * the browser tests, one after the other; 386 s at once).
 */
const GROUPS: [name: string, script: string][][] = [
  // What the tests need from Debian (scripts/system-packages.mjs): installed as root, otherwise the
  // run stops at once with the one apt-get line that would install it.
  [["system", "test:system"]],
  // Beside each other: TypeScript and Biome only read the sources, and the build writes only
  // build/ (2026-12-04, quiet: 5.0, 2.0 and 18.4 s one after another, 36 s of CPU on two cores).
  [
    ["build", "build"],
    ["types", "typecheck"],
    ["lint", "lint"],
  ],
  [
    ["fleet", "test:fleet"],
    ["budget", "budget"],
    ["deploy", "test:deploy"],
  ],
  [
    ["e2e", "test:e2e"],
    ["unit", "test:unit"],
  ],
];
const STAGES = GROUPS.flat();

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(" ");

// `npm test -- --only types,lint,unit`: those stages alone, in their order (docs/testing.md says
// which a change should run first).
const onlyAt = process.argv.indexOf("--only");
const only = onlyAt < 0 ? null : (process.argv[onlyAt + 1] ?? "").split(",").filter(Boolean);
const unknown = (only ?? []).filter((name) => !STAGES.some(([stage]) => stage === name));
if (only && (only.length === 0 || unknown.length > 0)) {
  console.error(
    `npm test -- --only takes stages among ${STAGES.map(([name]) => name).join(", ")}${unknown.length ? `, not ${unknown.join(", ")}` : ""}`,
  );
  process.exit(2);
}

// Node's compile cache for every process the stages start (test servers, their fleets, the test
// runners' workers): a server process of the site took 1.1 s of CPU to start, 0.6 s with the
// cache, and the suite starts hundreds (2026-12-02: the unit stage 295 s of CPU without it, 222 s
// with it, one cold cache). Kept in node_modules, so a fresh clone starts empty.
process.env.NODE_COMPILE_CACHE ??= resolve("node_modules/.cache/node-compile-cache");

type Done = { name: string; seconds: number; ok: boolean };

/**
 * Runs a stage's npm script and keeps its output; `quiet`, the output is handed back rather than
 * written as it comes.
 */
function runStage([name, script]: [string, string], quiet: boolean): Promise<Done & { output: Buffer[] }> {
  const started = performance.now();
  const output: Buffer[] = [];
  // Piped even when written as it comes (kept for the failure's summary at the end): colours stay
  // where the run has a terminal.
  const env = process.stdout.isTTY ? { ...process.env, FORCE_COLOR: "1" } : process.env;
  const child = spawn("npm", ["run", "-s", script], { stdio: ["ignore", "pipe", "pipe"], env });
  const keep = (to: NodeJS.WriteStream) => (chunk: Buffer) => {
    output.push(chunk);
    if (!quiet) to.write(chunk);
  };
  child.stdout.on("data", keep(process.stdout));
  child.stderr.on("data", keep(process.stderr));
  return new Promise((resolve) => {
    child.on("close", (code) =>
      resolve({ name, seconds: (performance.now() - started) / 1000, ok: code === 0, output }),
    );
  });
}

/**
 * What a failed stage said of its failures: the first 30 lines of each failure (from its heading:
 * Playwright's "  1) [chromium] › ...", Vitest's "FAIL ..."; a fleet spec's story of a page's
 * channels runs to 20 lines), 90 lines at most, then the stage's last 25 lines (what failed, the
 * counts); without a heading, its last 75 lines.
 */
function failureSummary(name: string, output: Buffer[]): string {
  const lines = Buffer.concat(output).toString("utf8").trimEnd().split("\n");
  const tailFrom = Math.max(0, lines.length - 25);
  const headings = lines.flatMap((line, k) =>
    k < tailFrom && /^\s*\d+\) \[|^\s*FAIL\s/.test(stripVTControlCharacters(line)) ? [k] : [],
  );
  const shown = headings.length
    ? headings.flatMap((k, j) => [...lines.slice(k, Math.min(k + 30, headings[j + 1] ?? tailFrom, tailFrom)), "   ..."])
    : lines.slice(Math.max(0, lines.length - 75), tailFrom);
  return [`\n--- ${name} FAILED; what it said of it, again ---`, ...shown.slice(0, 90), ...lines.slice(tailFrom)].join(
    "\n",
  );
}

const done: Done[] = [];
const startLoad = load();
const runStarted = performance.now();
for (const group of GROUPS) {
  const stages = group.filter(([stage]) => !only || only.includes(stage));
  // Stages at once read the build while any of them could make it again (the unit stage's global
  // setup builds a stale one): made fresh first, when older than the sources (`--only` without
  // the build stage, after a change). Not in the build's group, whose stages read only the sources
  // (with `--only types,lint` too).
  const readBuild = stages.length > 1 && !group.some(([stage]) => stage === "build");
  if (readBuild && spawnSync("node", ["scripts/build-if-needed.mjs"], { stdio: "inherit" }).status !== 0) {
    done.push({ name: "build", seconds: 0, ok: false });
    break;
  }
  const runs = await Promise.all(stages.map((stage, k) => runStage(stage, k > 0)));
  runs.forEach(({ output, ...stage }, k) => {
    if (k > 0 && output.length > 0) process.stdout.write(Buffer.concat(output));
    done.push(stage);
  });
  // A stage written as it comes is followed by the others' whole output: what it failed on would
  // be far above the end of the run, where a CI log is read.
  for (const { name, ok, output } of runs) if (!ok) console.log(failureSummary(name, output));
  if (runs.some((stage) => !stage.ok)) break;
}

// Stages of a group ran at once: the total is the time the run took, not their sum.
const total = (performance.now() - runStarted) / 1000;
const failed = done.find((stage) => !stage.ok);
console.log(
  `\nnpm test: ${failed ? `FAILED in stage ${failed.name}` : "passed"} (load average ${startLoad} at the start, ${load()} at the end)`,
);
for (const stage of done) {
  const beside = GROUPS.find((group) => group.some(([name]) => name === stage.name))?.[0]?.[0];
  const note =
    beside && beside !== stage.name && done.some(({ name }) => name === beside) ? `  (beside ${beside})` : "";
  console.log(
    `  ${stage.name.padEnd(7)} ${stage.seconds.toFixed(1).padStart(6)} s${stage.ok ? "" : "  FAILED"}${note}`,
  );
}
console.log(`  ${"total".padEnd(7)} ${total.toFixed(1).padStart(6)} s`);
process.exit(failed ? 1 : 0);
