import { type SharedToy, toyBasics } from "../live/toy.ts";
import { fleetLimit } from "../ops/limiter.ts";
import { createPollHub } from "./hub.ts";
import { createPollMetrics } from "./metrics.ts";
import { redisPollStore } from "./redis.ts";
import { sqlitePollStore } from "./sqlite.ts";

/** Pointless Polls with everyone's results, as the server runs it (POLLS_VOTE_LIMIT, POLLS_MAX_VOTES). */
export const pollsToy: SharedToy = (deps) => {
  const max = deps.config.pollMaxVotes;
  return createPollHub({
    ...toyBasics(deps, { sqlite: (db) => sqlitePollStore(db, max), redis: (redis) => redisPollStore(redis, max) }),
    limiter: deps.limit("vote", fleetLimit(deps.config.voteLimit)),
    metrics: createPollMetrics(deps.metrics.registry),
  });
};
