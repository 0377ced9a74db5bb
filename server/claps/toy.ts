import { CLAPS_TOPIC } from "../../contracts/claps.ts";
import { fleetLimit } from "../limiter.ts";
import type { SharedToy } from "../live/toy.ts";
import { createCrowd } from "./crowd.ts";
import { clapMetrics } from "./metrics.ts";
import { redisClapStore } from "./redis.ts";
import { sqliteClapStore } from "./sqlite.ts";

/** Aggressive Claps' crowd, as the server runs it (CLAPS_LIMIT). */
export const clapsToy: SharedToy = ({ backends, bus, log, metrics, config, limiter, presence }) =>
  createCrowd({
    store: backends.kind === "redis" ? redisClapStore(backends.redis) : sqliteClapStore(backends.sqlite),
    bus,
    guard: backends.guard,
    log,
    limiter: limiter("clap", fleetLimit(config.clapLimit)),
    presence: presence(CLAPS_TOPIC),
    metrics: clapMetrics(metrics),
  });
