import type { Backends } from "../ops/backends.ts";
import type { Config } from "../ops/config.ts";
import type { FleetLimit } from "../ops/limiter.ts";
import type { Logger } from "../ops/log.ts";
import type { Metrics } from "../ops/metrics.ts";
import type { Bus } from "./bus.ts";
import type { Presence } from "./presence.ts";
import type { TopicModule } from "./topic.ts";
import type { PeerLimiter } from "./visitor-limit.ts";

/**
 * What the server gives every shared toy to build its topic with: the store (SQLite or Redis, with
 * its deadline), the bus between server processes, fleet-wide limits and presence, the log, the
 * metrics and the settings. A shared toy is a function of these (server/toys/shared-toys.ts lists
 * them).
 */
export interface ToyDeps {
  backends: Backends;
  bus: Bus;
  log: Logger;
  metrics: Metrics;
  config: Config;
  /**
   * A limit of the toy's own, per visitor and more loosely per address (visitor-limit.ts), for the
   * whole fleet (in Redis when there is one).
   */
  limit(name: string, perVisitor: FleetLimit): PeerLimiter;
  /** Who is on `topic` now (in every process, with Redis). */
  presence(topic: string): Presence;
}

export type SharedToy = (deps: ToyDeps) => TopicModule;

/**
 * What every toy's hub is built on, as this server has it: the toy's store for the backend in use
 * (SQLite or Redis), the bus, the store's deadline and the log.
 */
export function toyBasics<S>(
  { backends, bus, log }: ToyDeps,
  stores: { sqlite: (db: Backends["sqlite"]) => S; redis: (redis: Backends["redis"]) => S },
) {
  return {
    store: backends.kind === "redis" ? stores.redis(backends.redis) : stores.sqlite(backends.sqlite),
    bus,
    guard: backends.guard,
    log,
  };
}
