import type { SharedToy } from "../live/toy.ts";
import { createWallHub } from "./hub.ts";
import { redisWallStore } from "./redis.ts";
import { sqliteWallStore } from "./sqlite.ts";

/** Emoji Wall for Everyone, as the server runs it (WALL_COOLDOWN_S). */
export const wallToy: SharedToy = ({ backends, bus, log, config, limiter }) =>
  createWallHub({
    store: backends.kind === "redis" ? redisWallStore(backends.redis) : sqliteWallStore(backends.sqlite),
    bus,
    guard: backends.guard,
    log,
    // One paint per cooldown: a window of one point, for the whole fleet.
    limiter: limiter("wall-paint", { points: 1, durationS: config.wallCooldownS }),
    cooldownMs: config.wallCooldownS * 1000,
  });
