import { Hono } from "hono";
import { type Counts, POLLS_PATH, type PollsJson } from "../../contracts/polls.ts";
import type { ApiEnv } from "../http/http-api.ts";
import { StoreUnavailable } from "../ops/store-guard.ts";

/**
 * `GET /api/polls`: every question's counts as JSON, for a page without the live channel (and to
 * tell "no server here", a static host's 404, from "no connection"). Votes go over /api/live.
 */
export function pollRoutes(countsNow: () => Promise<Counts[] | null>) {
  const app = new Hono<ApiEnv>();
  app.get(POLLS_PATH, async (c) => {
    c.header("Cache-Control", "no-store");
    const counts = await countsNow();
    if (!counts) throw new StoreUnavailable("the poll counts are not loaded");
    const body: PollsJson = { counts };
    return c.json(body);
  });
  return app;
}
