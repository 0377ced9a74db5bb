import { type SharedToy, toyBasics } from "../live/toy.ts";
import { createWallHub } from "./hub.ts";
import { redisWallStore } from "./redis.ts";
import { sqliteWallStore } from "./sqlite.ts";

/** Emoji Wall for Everyone, as the server runs it (WALL_COOLDOWN_S). */
export const wallToy: SharedToy = (deps) =>
  createWallHub({
    ...toyBasics(deps, { sqlite: sqliteWallStore, redis: redisWallStore }),
    // One paint per cooldown: a window of one point, for the whole fleet.
    limiter: deps.limit("wall-paint", { points: 1, durationS: deps.config.wallCooldownS }),
    cooldownMs: deps.config.wallCooldownS * 1000,
  });
