import { Counter } from "prom-client";
import type { Metrics } from "../ops/metrics.ts";

/** The crowd's counts for the operator, on the server's registry (METRICS_PORT). */
export function clapMetrics(metrics: Metrics) {
  const registers = [metrics.registry];
  return {
    stored: new Counter({
      name: "pointless_claps_stored_total",
      help: "Claps added to the total (a batch sent again is counted once).",
      registers,
    }),
    refused: new Counter({
      name: "pointless_claps_refused_total",
      help: "Claps refused, by reason.",
      labelNames: ["reason"] as const,
      registers,
    }),
  };
}

export type ClapMetrics = ReturnType<typeof clapMetrics>;
