import { describe, expect, it } from "vitest";
import { capacityReport, saturated } from "./capacity.ts";
import type { FleetRun } from "./fleet-run.ts";
import type { Toy } from "./knee-actors.ts";
import { isPast, type KneeStep } from "./knee-step.ts";

const toys = <T>(value: T) => ({ bubbles: value, polls: value, claps: value, wall: value });

/** A step of the knee bench: within the goal, at half a core, unless told otherwise. */
function step(visitors: number, over: { p99?: number; lag?: number; cpu?: Partial<KneeStep["cpu"]> } = {}): KneeStep {
  return {
    visitors,
    fanOut: {
      ...toys({ p50: 40, p99: 100, max: 120, count: 1000 }),
      bubbles: { p50: 40, p99: over.p99 ?? 100, max: 300, count: 1000 },
    },
    lag: { p99: over.lag ?? 30, max: 60 },
    cpu: { server: 50, serverSystem: 30, generator: 40, redis: 2, core0: 52, core1: 44, ...over.cpu },
    rssMb: 400,
    delivered: { perSecond: 50_000, cpuUs: 10 },
    perVisitor: toys({ bytes: 1000, messages: 8 }),
    actions: toys({ sent: 100, acked: 100 }),
    lost: 0,
    load: "1.00 1.00 1.00",
  };
}

const fleet: FleetRun = {
  visitors: 3000,
  servers: 3,
  proxied: true,
  seconds: 15,
  fanOut: toys({ p50: 50, p99: 150, max: 200, count: 500 }) as Record<Toy, FleetRun["fanOut"]["bubbles"]>,
  perVisitor: { ...toys({ bytes: 1024, messages: 8 }), all: { bytes: 1024, messages: 8 } },
  redis: {
    commands: 5000,
    byCommand: { eval: 1000 },
    publishes: 60,
    publishedBytes: 6000,
    netInBytes: 500_000,
    netOutBytes: 100_000,
    cpu: 3,
  },
  cpu: { servers: [15, 15, 15], proxy: 18, generator: 20 },
  actions: { bubbles: 500, polls: 15, claps: 45, wall: 5 },
  lost: 0,
  load: "1.00 1.00 1.00",
};

const report = (steps: KneeStep[], knee: number | null) =>
  capacityReport({ steps, knee, goal: 10_000, fleet, loadBefore: "1 1 1", loadAfter: "1 1 1", seconds: 15 });

describe("the knee", () => {
  it("is a sheet fan-out p99 past 250 ms, or an event-loop lag p99 past 100 ms", () => {
    expect(isPast(step(1000, { p99: 250, lag: 100 }))).toBe(false);
    expect(isPast(step(1000, { p99: 251 }))).toBe(true);
    expect(isPast(step(1000, { lag: 101 }))).toBe(true);
  });
});

describe("capacityReport", () => {
  it("takes the last step before the knee as the capacity, and passes at 10,000", () => {
    const { text, passed } = report([step(8000), step(10_000), step(12_000, { p99: 300 })], 12_000);
    expect(passed).toBe(true);
    expect(text).toContain("The knee: 12,000 visitors; the last step within the goal: 10,000.");
    // 100,000 / 10,000, and one more for a rolling restart.
    expect(text).toContain("| 11 processes");
  });

  it("says by how much it misses, and which side ran out", () => {
    const { text, passed } = report([step(6000), step(8000, { lag: 140, cpu: { server: 95, core0: 97 } })], 8000);
    expect(passed).toBe(false);
    expect(text).toContain("Goal missed: 6,000 visitors on one process, 4,000 short of 10,000");
    expect(text).toContain("at the knee the server (its process 95% of its core");
  });

  it("passes no step it did not measure: with no knee, the capacity is the last step, and short of the goal it misses", () => {
    expect(report([step(2000), step(4000)], null).passed).toBe(false);
    expect(report([step(2000), step(10_000)], null).passed).toBe(true);
  });
});

describe("saturated", () => {
  it("names the load generator when its core ran out and the server's did not", () => {
    expect(saturated(step(1, { cpu: { server: 60, core0: 62, core1: 95, generator: 90 } }))).toMatch(
      /^the load generator/,
    );
  });

  it("names neither for sure when other programs took the cores", () => {
    expect(saturated(step(1, { cpu: { server: 60, core0: 95 } }))).toMatch(
      /^neither for sure: other programs took 35 points/,
    );
  });
});
