// `npm test`: every check, one stage after another, stopping at the first that fails, then how long
// each stage took, so a stage that grows is seen the day it grows (docs/testing.md has the figures).
import { spawn, spawnSync } from "node:child_process";
import { loadavg } from "node:os";

interface Stage {
  name: string;
  script: string;
  /**
   * Stages run one after another at the same time as this one, their output printed when they
   * end: the unit tests mostly wait (on sockets and processes), and the budget and the deploy
   * check need only the build, so they take the cores the unit tests leave idle.
   */
  alongside?: Stage[];
}

/** Each stage is an npm script; the build comes before the unit tests, which check its output. */
const STAGES: Stage[] = [
  { name: "types", script: "typecheck" },
  { name: "lint", script: "lint" },
  { name: "build", script: "build" },
  {
    name: "unit",
    script: "test:unit",
    alongside: [
      { name: "budget", script: "budget" },
      { name: "deploy", script: "test:deploy" },
    ],
  },
  { name: "e2e", script: "test:e2e" },
];

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(" ");

type Done = { name: string; seconds: number; ok: boolean };

/** Runs stages one after another with their output kept, until one fails. */
async function runQuietly(stages: Stage[]): Promise<{ done: Done[]; output: string }> {
  const done: Done[] = [];
  let output = "";
  for (const { name, script } of stages) {
    const started = performance.now();
    const child = spawn("npm", ["run", "-s", script], { stdio: ["ignore", "pipe", "pipe"] });
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    const status = await new Promise<number | null>((resolve) => child.on("close", resolve));
    done.push({ name, seconds: (performance.now() - started) / 1000, ok: status === 0 });
    if (status !== 0) break;
  }
  return { done, output };
}

const done: Done[] = [];
const startLoad = load();
const startedAll = performance.now();
for (const { name, script, alongside } of STAGES) {
  const beside = alongside ? runQuietly(alongside) : null;
  const started = performance.now();
  const run = spawnSync("npm", ["run", "-s", script], { stdio: "inherit" });
  done.push({ name, seconds: (performance.now() - started) / 1000, ok: run.status === 0 });
  if (beside) {
    const { done: besideDone, output } = await beside;
    if (output) process.stdout.write(`\n${output}`);
    done.push(...besideDone);
  }
  if (done.some((stage) => !stage.ok)) break;
}

const total = (performance.now() - startedAll) / 1000;
const failed = done.find((stage) => !stage.ok);
console.log(
  `\nnpm test: ${failed ? `FAILED in stage ${failed.name}` : "passed"} (load average ${startLoad} at the start, ${load()} at the end)`,
);
for (const stage of done) {
  const beside = STAGES.some((s) => s.alongside?.some((a) => a.name === stage.name));
  console.log(
    `  ${stage.name.padEnd(7)} ${stage.seconds.toFixed(1).padStart(6)} s${stage.ok ? "" : "  FAILED"}${beside ? "  (beside unit)" : ""}`,
  );
}
console.log(`  ${"total".padEnd(7)} ${total.toFixed(1).padStart(6)} s (wall clock)`);
process.exit(failed ? 1 : 0);
