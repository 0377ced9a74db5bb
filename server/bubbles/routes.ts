import { Hono } from "hono";
import { BUBBLES_PATH, type Sheet, type SheetJson } from "../../contracts/bubbles.ts";
import type { ApiEnv } from "../http/http-api.ts";
import { StoreUnavailable } from "../ops/store-guard.ts";

/**
 * `GET /api/bubbles`: the shared sheet as JSON, for a page that cannot hold the live channel open
 * (and to tell "no server here" from "no connection"). The live channel is /api/live.
 */
export function bubbleRoutes(sheetNow: () => Promise<(Sheet & { here: number }) | null>) {
  const app = new Hono<ApiEnv>();
  app.get(BUBBLES_PATH, async (c) => {
    c.header("Cache-Control", "no-store");
    const sheet = await sheetNow();
    if (!sheet) throw new StoreUnavailable("the sheet is not loaded");
    const body: SheetJson = {
      sheet: sheet.sheet,
      size: sheet.size,
      popped: sheet.popped,
      finished: sheet.finished,
      here: sheet.here,
      bits: Buffer.from(sheet.bits).toString("base64"),
    };
    return c.json(body);
  });
  return app;
}
