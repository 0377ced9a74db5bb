// `npm test`: every check, one stage after another, stopping at the first that fails, then how long
// each stage took, so a stage that grows is seen the day it grows (docs/testing.md has the figures).
import { spawnSync } from "node:child_process";
import { loadavg } from "node:os";
import { resolve } from "node:path";

/** Each stage is an npm script; the build comes before the unit tests, which check its output. */
const STAGES: [name: string, script: string][] = [
  // What the tests need from Debian (scripts/system-packages.mjs): installed as root, otherwise the
  // run stops at once with the one apt-get line that would install it.
  ["system", "test:system"],
  ["types", "typecheck"],
  ["lint", "lint"],
  ["build", "build"],
  ["unit", "test:unit"],
  ["budget", "budget"],
  ["deploy", "test:deploy"],
  ["e2e", "test:e2e"],
];

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

const done: { name: string; seconds: number; ok: boolean }[] = [];
const startLoad = load();
for (const [name, script] of STAGES.filter(([stage]) => !only || only.includes(stage))) {
  const started = performance.now();
  const run = spawnSync("npm", ["run", "-s", script], { stdio: "inherit" });
  const ok = run.status === 0;
  done.push({ name, seconds: (performance.now() - started) / 1000, ok });
  if (!ok) break;
}

const total = done.reduce((sum, stage) => sum + stage.seconds, 0);
const failed = done.find((stage) => !stage.ok);
console.log(
  `\nnpm test: ${failed ? `FAILED in stage ${failed.name}` : "passed"} (load average ${startLoad} at the start, ${load()} at the end)`,
);
for (const stage of done) {
  console.log(`  ${stage.name.padEnd(7)} ${stage.seconds.toFixed(1).padStart(6)} s${stage.ok ? "" : "  FAILED"}`);
}
console.log(`  ${"total".padEnd(7)} ${total.toFixed(1).padStart(6)} s`);
process.exit(failed ? 1 : 0);
