import { BUBBLES_TOPIC } from "../../contracts/bubbles.ts";
import { type SharedToy, toyBasics } from "../live/toy.ts";
import { fleetLimit } from "../ops/limiter.ts";
import { createBubbleHub } from "./hub.ts";
import { redisBubbleStore } from "./redis.ts";
import { sqliteBubbleStore } from "./sqlite.ts";

/** Bubble Wrap for Everyone, as the server runs it (BUBBLES_SHEET_SIZE, BUBBLES_POP_LIMIT). */
export const bubblesToy: SharedToy = (deps) =>
  createBubbleHub({
    ...toyBasics(deps, { sqlite: sqliteBubbleStore, redis: redisBubbleStore }),
    limiter: deps.limit("pop", fleetLimit(deps.config.popLimit)),
    presence: deps.presence(BUBBLES_TOPIC),
    size: deps.config.sheetSize,
    metrics: deps.metrics,
  });
