import { CLAPS_TOPIC, PAGE_MEMORY_MS } from "../../contracts/claps.ts";
import { type SharedToy, toyBasics } from "../live/toy.ts";
import { fleetLimit } from "../ops/limiter.ts";
import { createCrowd } from "./crowd.ts";
import { clapMetrics } from "./metrics.ts";
import { redisClapStore } from "./redis.ts";
import { sqliteClapStore } from "./sqlite.ts";

/** Aggressive Claps' crowd, as the server runs it (CLAPS_LIMIT, CLAPS_MAX_PAGES). */
export const clapsToy: SharedToy = (deps) =>
  createCrowd({
    ...toyBasics(deps, {
      sqlite: (db) => sqliteClapStore(db, PAGE_MEMORY_MS, deps.config.clapMaxPages),
      redis: (redis) => redisClapStore(redis, PAGE_MEMORY_MS, deps.config.clapMaxPages),
    }),
    limiter: deps.limit("clap", fleetLimit(deps.config.clapLimit)),
    presence: deps.presence(CLAPS_TOPIC),
    metrics: clapMetrics(deps.metrics),
  });
