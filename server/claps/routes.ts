import { Hono } from "hono";
import { CLAPS_PATH, type CrowdJson } from "../../contracts/claps.ts";
import type { ApiEnv } from "../http/http-api.ts";
import { StoreUnavailable } from "../ops/store-guard.ts";

/**
 * `GET /api/claps`: the total and how many are clapping now, for a page without the live channel
 * (and to tell "no server here" from "no connection"). The live channel is /api/live.
 */
export function clapRoutes(crowdNow: () => Promise<CrowdJson | null>) {
  const app = new Hono<ApiEnv>();
  app.get(CLAPS_PATH, async (c) => {
    c.header("Cache-Control", "no-store");
    const crowd = await crowdNow();
    if (!crowd) throw new StoreUnavailable("the total is not loaded");
    return c.json(crowd);
  });
  return app;
}
