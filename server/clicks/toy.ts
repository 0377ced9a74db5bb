import type { SharedToy } from "../live/toy.ts";
import type { Backends } from "../ops/backends.ts";
import type { Config } from "../ops/config.ts";
import { createClicksFeed } from "./live.ts";
import { redisClickStore } from "./redis.ts";
import { clickRoutes } from "./routes.ts";
import { sqliteClickStore } from "./sqlite.ts";

export function clickStoreOn(backends: Backends, config: Pick<Config, "deviceMemory">) {
  return backends.kind === "redis"
    ? redisClickStore(backends.redis, config.deviceMemory)
    : sqliteClickStore(backends.sqlite, config.deviceMemory);
}

/**
 * The Useless Button's global counter, as the server runs it: its API (`/api/clicks`, routes.ts)
 * and its total on the live channel (topic "clicks", live.ts), which every count that raised the
 * total feeds. A shared toy like the others (server/toys/shared-toys.ts), whose page only listens.
 */
export const clicksToy: SharedToy = ({ backends, bus, log, config }) => {
  const feed = createClicksFeed(bus);
  const routes = clickRoutes({
    store: clickStoreOn(backends, config),
    guard: backends.guard,
    onTotal: (total) => feed.publish(total),
    log,
  });
  return { ...feed, routes };
};
