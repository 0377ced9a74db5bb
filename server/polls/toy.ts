import { fleetLimit } from "../limiter.ts";
import type { SharedToy } from "../live/toy.ts";
import { createPollHub } from "./hub.ts";
import { createPollMetrics } from "./metrics.ts";
import { redisPollStore } from "./redis.ts";
import { sqlitePollStore } from "./sqlite.ts";

/** Pointless Polls with everyone's results, as the server runs it (POLLS_VOTE_LIMIT, POLLS_MAX_VOTES). */
export const pollsToy: SharedToy = ({ backends, bus, log, metrics, config, limiter }) =>
  createPollHub({
    store:
      backends.kind === "redis"
        ? redisPollStore(backends.redis, config.pollMaxVotes)
        : sqlitePollStore(backends.sqlite, config.pollMaxVotes),
    bus,
    guard: backends.guard,
    log,
    limiter: limiter("vote", fleetLimit(config.voteLimit)),
    metrics: createPollMetrics(metrics.registry),
  });
