import { BUBBLES_TOPIC } from "../../contracts/bubbles.ts";
import { fleetLimit } from "../limiter.ts";
import type { SharedToy } from "../live/toy.ts";
import { createBubbleHub } from "./hub.ts";
import { redisBubbleStore } from "./redis.ts";
import { sqliteBubbleStore } from "./sqlite.ts";

/** Bubble Wrap for Everyone, as the server runs it (BUBBLES_SHEET_SIZE, BUBBLES_POP_LIMIT). */
export const bubblesToy: SharedToy = ({ backends, bus, log, metrics, config, limiter, presence }) =>
  createBubbleHub({
    store: backends.kind === "redis" ? redisBubbleStore(backends.redis) : sqliteBubbleStore(backends.sqlite),
    bus,
    guard: backends.guard,
    log,
    limiter: limiter("pop", fleetLimit(config.popLimit)),
    presence: presence(BUBBLES_TOPIC),
    size: config.sheetSize,
    metrics,
  });
