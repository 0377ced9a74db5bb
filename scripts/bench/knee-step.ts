// What one step of the knee bench (knee.ts) measured, the goals it is judged by, and its row in
// the report's table (docs and the console alike).
import { TOYS, type Toy } from "./knee-actors.ts";

export const LATENCY_GOAL_MS = 250;
export const LAG_GOAL_MS = 100;

export interface KneeStep {
  visitors: number;
  /** Fan-out p50 / p99 / max per toy, ms, and how many arrivals were timed. */
  fanOut: Record<Toy, { p50: number; p99: number; max: number; count: number }>;
  /** The server's event-loop delay over the step: p99 and max, ms. */
  lag: { p99: number; max: number };
  /**
   * Shares of one core over the step, in %: the server (and of it, in the kernel), the load
   * generator (its processes), Redis; and how busy each core was (whatever ran on it).
   */
  cpu: { server: number; serverSystem: number; generator: number; redis: number; core0: number; core1: number };
  rssMb: number;
  /** Messages the crowd received a second, and the server's CPU time per message received, µs. */
  delivered: { perSecond: number; cpuUs: number };
  /** Bytes and messages per crowd visitor per second, per toy. */
  perVisitor: Record<Toy, { bytes: number; messages: number }>;
  /** Actions per second reached per toy, and acknowledged. */
  actions: Record<Toy, { sent: number; acked: number }>;
  /** Crowd visitors not open at the step's end. */
  lost: number;
  load: string;
}

/**
 * How much of the two cores other programs took during a step, in points of a core: the server's
 * core less the server, the generator's less the generator and Redis.
 */
export const disturbance = (step: KneeStep) =>
  Math.max(step.cpu.core0 - step.cpu.server, step.cpu.core1 - step.cpu.generator - step.cpu.redis);
/** More than this and the step is measured again. */
export const DISTURBED = 15;

/** A step past the knee: the sheet's fan-out p99 past 250 ms, or the event loop's lag past 100 ms. */
export const isPast = (step: KneeStep) => step.fanOut.bubbles.p99 > LATENCY_GOAL_MS || step.lag.p99 > LAG_GOAL_MS;

/** A step as a table row (docs and the console alike). */
export function stepRow(step: KneeStep): string {
  const f = (toy: Toy) => `${step.fanOut[toy].p50} / ${step.fanOut[toy].p99}`;
  const bytes = TOYS.map((toy) => (step.perVisitor[toy].bytes / 1024).toFixed(2)).join(" / ");
  return `| ${step.visitors.toLocaleString("en-US")} | ${f("bubbles")} (max ${step.fanOut.bubbles.max}) | ${f("polls")} / ${f("claps")} / ${f("wall")} | ${step.lag.p99} (max ${step.lag.max}) | ${step.cpu.server}% (${step.cpu.serverSystem}% in the kernel; core ${step.cpu.core0}%) | ${step.delivered.perSecond.toLocaleString("en-US")}, ${step.delivered.cpuUs} µs | ${step.cpu.generator}% + Redis ${step.cpu.redis}% (core ${step.cpu.core1}%) | ${step.rssMb} MB | ${bytes} KB | ${step.actions.bubbles.acked} | ${step.lost} | ${step.load}; others ${disturbance(step)} points | ${isPast(step) ? "past ✗" : "✓"} |`;
}

export const STEP_HEADER = [
  "| visitors | sheet fan-out p50 / p99 ms | polls / claps / wall p50 / p99 ms | event-loop lag p99 ms | server CPU | messages a second to the crowd, server CPU per message | generator CPU | server RSS | bytes per visitor per second (sheet / polls / claps / wall) | pops a second acknowledged | visitors lost | load average; other programs' share of the busier core | |",
  "|---|---|---|---|---|---|---|---|---|---|---|---|---|",
];
