// `npm run bench:fleet`'s report: the knee of one process, the fleet's figures, and the capacity
// table an operator plans a viral day by, every number from what the bench measured.
import type { FleetRun } from "./fleet-run.ts";
import { TOYS } from "./knee-actors.ts";
import {
  DISTURBED,
  disturbance,
  isPast,
  type KneeStep,
  LAG_GOAL_MS,
  LATENCY_GOAL_MS,
  STEP_HEADER,
  stepRow,
} from "./knee-step.ts";

/** A core this busy or more is taken as saturated. */
const SATURATED = 90;
const PLAN_FOR = 100_000;

const fmt = (n: number) => Math.round(n).toLocaleString("en-US");
const kb = (bytes: number) => `${(bytes / 1024).toFixed(2)} KB`;

/** Which side ran out first at a step: the server's core, the load generator's, or neither. */
export function saturated(step: KneeStep): string {
  if (disturbance(step) > DISTURBED) {
    return `neither for sure: other programs took ${disturbance(step)} points of a core during the step (the server ${step.cpu.server}%, its core ${step.cpu.core0}%; the generator's core ${step.cpu.core1}%), measured three times; run it again on a quiet machine`;
  }
  const server = step.cpu.server >= SATURATED || step.cpu.core0 >= SATURATED;
  const generator = step.cpu.core1 >= SATURATED;
  if (server && !generator)
    return `the server (its process ${step.cpu.server}% of its core, the core ${step.cpu.core0}% busy; the generator's core ${step.cpu.core1}%)`;
  if (generator && !server)
    return `the load generator (its core ${step.cpu.core1}% busy; the server ${step.cpu.server}%)`;
  if (server && generator)
    return `both cores (the server ${step.cpu.server}%, its core ${step.cpu.core0}%; the generator's core ${step.cpu.core1}%)`;
  return `neither core (the server ${step.cpu.server}%, its core ${step.cpu.core0}%; the generator's core ${step.cpu.core1}%): the latency, not the CPU`;
}

export function capacityReport({
  steps,
  knee,
  goal,
  fleet,
  loadBefore,
  loadAfter,
  seconds,
}: {
  /** How long each step measured. */
  seconds: number;
  steps: KneeStep[];
  knee: number | null;
  goal: number;
  fleet: FleetRun;
  loadBefore: string;
  loadAfter: string;
}): { text: string; passed: boolean } {
  const within = steps.filter((step) => !isPast(step));
  const capacity =
    knee === null
      ? Math.max(0, ...within.map((s) => s.visitors))
      : Math.max(0, ...within.filter((s) => s.visitors < knee).map((s) => s.visitors));
  const kneeStep = steps.find((s) => s.visitors === knee);
  const last = steps.at(-1);
  const passed = capacity >= goal;
  const perProcess = capacity;
  // What 100,000 visitors at once need, from the figures.
  const processes = perProcess > 0 ? Math.ceil(PLAN_FOR / perProcess) + 1 : Number.NaN;
  const bytes = fleet.perVisitor.all.bytes;
  const messages = fleet.perVisitor.all.messages;
  const proxyCores = (fleet.cpu.proxy / 100 / fleet.visitors) * PLAN_FOR;
  // Redis works for what visitors do (each request's limits, each batched write, its news), not
  // for how many watch: planned as if every process at capacity carried what the bench's one did.
  const actions = Object.values(fleet.actions).reduce((a, b) => a + b, 0);
  const loaded = Number.isFinite(processes) ? processes - 1 : Number.NaN;
  const redisCommands = fleet.redis.commands * loaded;
  const redisCores = (fleet.redis.cpu / 100) * loaded;
  const published = fleet.redis.publishes * loaded;
  const lines = [
    `Measured ${new Date().toISOString().slice(0, 10)} on loopback, 2 cores (load average ${loadBefore} before, ${loadAfter} after; each step's own in its row).`,
    "",
    `**The knee of one process** (scripts/bench/knee.ts): one server on Redis pinned to core 0, the load generator (this bench and three crowd processes of bare visitors, scripts/bench/raw-channel.ts) and Redis pinned to core 1. Visitors are added in steps, a quarter on each shared toy, each from a loopback address of its own; at each step, for ${Math.round(seconds)} s, 50 visitors pop the sheet 500 times a second (a sheet of a million bubbles, so the rate holds: its pops messages are larger than on the site's 10,000) and 25 on each other toy act at a person's pace (a vote every 1.5 s, ten claps every 500 ms, a paint every 3.3 s); fan-out is timed at 50 watchers per toy (from the acknowledgement to the arrival; on the wall from the paint's send). The event-loop lag is prom-client's monitor over the step (p99, max); CPU is each side's share of one core, and each core's busy share (other programs on the machine included; each measurement waits, a minute at most, for them to leave the cores alone; a step they disturbed anyway (more than 15 points of a core), or past the goal, is measured again, twice at most, and the better measurement kept: they only ever make a step look worse). The knee: sheet fan-out p99 past ${LATENCY_GOAL_MS} ms or lag p99 past ${LAG_GOAL_MS} ms.`,
    "",
    ...STEP_HEADER,
    ...steps.map(stepRow),
    "",
    knee === null
      ? `No knee up to ${fmt(last?.visitors ?? 0)} visitors: at the last step, ${last ? saturated(last) : "-"} was the busier side.`
      : `The knee: ${fmt(knee)} visitors; the last step within the goal: ${fmt(capacity)}. At the knee, ${kneeStep ? saturated(kneeStep) : "-"} ran out first.`,
    "",
    `**The fleet** (scripts/bench/fleet-run.ts): ${fmt(fleet.visitors)} visitors across ${fleet.servers} servers on one Redis, ${fleet.proxied ? "through the proxy" : "each server reached directly"}, the four toys at once as above on a sheet of 100,000 bubbles (the site's is 10,000, which the pops would finish in the run), for ${Math.round(fleet.seconds)} s (load average ${fleet.load}). Nothing is pinned here: the servers, nginx, Redis and the load generator share the two cores, so its latencies are no measure of capacity; it is run for what goes through Redis, what each visitor receives and what nginx costs.`,
    "",
    "| topic | fan-out p50 / p99 / max | actions a second | per visitor a second |",
    "|---|---|---|---|",
    ...TOYS.map(
      (toy) =>
        `| ${toy} | ${fleet.fanOut[toy].p50} / ${fleet.fanOut[toy].p99} / ${fleet.fanOut[toy].max} ms | ${fleet.actions[toy]} | ${kb(fleet.perVisitor[toy].bytes)}, ${fleet.perVisitor[toy].messages.toFixed(1)} messages |`,
    ),
    "",
    `Redis: ${fmt(fleet.redis.commands)} commands a second (${Object.entries(fleet.redis.byCommand)
      .sort(([, a], [, b]) => b - a)
      .map(([command, n]) => `${command} ${fmt(n)}`)
      .join(
        ", ",
      )}), ${fmt(fleet.redis.publishes)} messages published a second (${fmt(fleet.redis.publishedBytes / Math.max(1, fleet.redis.publishes))} bytes each on average), each delivered to the ${fleet.servers} servers; ${kb(fleet.redis.netInBytes)} in and ${kb(fleet.redis.netOutBytes)} out a second; ${fleet.redis.cpu}% of a core. Servers ${fleet.cpu.servers.map((c) => `${c}%`).join(", ")}; proxy ${fleet.cpu.proxy}%; load generator ${fleet.cpu.generator}%.`,
    "",
    "**Capacity** (what to plan by):",
    "",
    "| | measured | for 100,000 visitors at once |",
    "|---|---|---|",
    `| visitors per server process (one core) | ${fmt(perProcess)} (the knee ${knee === null ? `past ${fmt(last?.visitors ?? 0)}` : fmt(knee)}) | ${fmt(processes)} processes (one more than ${fmt(PLAN_FOR)} / ${fmt(perProcess)}, so a rolling restart's visitors fit on the rest), one core each |`,
    `| messages a second through Redis | ${fmt(fleet.redis.publishes)} published (${fmt(fleet.redis.publishedBytes / Math.max(1, fleet.redis.publishes))} bytes each), each to ${fleet.servers} servers; ${fmt(fleet.redis.commands)} commands in all (${(fleet.redis.commands / Math.max(1, actions)).toFixed(1)} per action: the limits, the writes), ${fleet.redis.cpu}% of a core, for ${fmt(actions)} actions a second | each process at capacity doing what the bench's did (${fmt(actions)} actions a second): about ${fmt(published)} published a second, each to ${fmt(processes)} processes (${fmt(published * processes)} delivered), ${fmt(redisCommands)} commands, ${Math.round(redisCores * 100)}% of a core (Redis is one thread) |`,
    `| bytes per visitor per second | ${kb(bytes)} (${messages.toFixed(1)} messages), WebSocket frames as received through the proxy | ${((bytes * PLAN_FOR * 8) / 1e6).toFixed(0)} Mbit/s out of the proxy (${((bytes * PLAN_FOR) / 1e6).toFixed(1)} MB/s), before TCP/IP and TLS |`,
    `| the proxy (nginx, ${fleet.proxied ? "measured" : "not in this run"}) | ${fleet.cpu.proxy}% of a core for ${fmt(fleet.visitors)} visitors | ${proxyCores.toFixed(1)} cores |`,
    `| cores in all | | ${Number.isFinite(processes) ? fmt(processes + Math.ceil(proxyCores) + Math.max(1, Math.ceil(redisCores))) : "-"}: ${fmt(processes)} for the servers, ${Math.ceil(proxyCores)} for the proxy, ${Math.max(1, Math.ceil(redisCores))} for Redis |`,
    "",
    passed
      ? `Goal met: ${fmt(capacity)} visitors on one process at sheet fan-out p99 <= ${LATENCY_GOAL_MS} ms and lag p99 <= ${LAG_GOAL_MS} ms (goal ${fmt(goal)}).`
      : `Goal missed: ${fmt(capacity)} visitors on one process, ${fmt(goal - capacity)} short of ${fmt(goal)}; ${kneeStep ? `at the knee ${saturated(kneeStep)} ran out first` : "no step passed"}.`,
  ];
  return { text: lines.join("\n"), passed };
}
