import { Hono } from "hono";
import { WALL_PATH, type WallJson } from "../../contracts/wall.ts";
import type { ApiEnv } from "../http/http-api.ts";
import { StoreUnavailable } from "../ops/store-guard.ts";

/**
 * `GET /api/wall`: the shared wall as JSON, for a page that cannot hold the live channel open (and
 * to tell "no server here" from "no connection"). The live channel is /api/live.
 */
export function wallRoutes(wallNow: () => Promise<WallJson | null>) {
  const app = new Hono<ApiEnv>();
  app.get(WALL_PATH, async (c) => {
    c.header("Cache-Control", "no-store");
    const wall = await wallNow();
    if (!wall) throw new StoreUnavailable("the wall is not loaded");
    return c.json(wall);
  });
  return app;
}
