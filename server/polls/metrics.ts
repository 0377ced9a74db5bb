import { Counter, type Registry } from "prom-client";

/** The polls' own counts for the operator, on the server's registry (server/ops/metrics.ts). */
export function createPollMetrics(registry: Registry) {
  return {
    votes: new Counter({
      name: "pointless_polls_votes_total",
      help: "Votes written to the store: counted (a device's first on its question) or repeat (counted nothing).",
      labelNames: ["outcome"] as const,
      registers: [registry],
    }),
    votesRefused: new Counter({
      name: "pointless_polls_votes_refused_total",
      help: "Votes refused, by reason.",
      labelNames: ["reason"] as const,
      registers: [registry],
    }),
  };
}

export type PollMetrics = ReturnType<typeof createPollMetrics>;
