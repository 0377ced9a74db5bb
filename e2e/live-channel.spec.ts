import type { WebSocket } from "@playwright/test";
import { expect, open } from "./fixtures";
import { withPrivateServer } from "./private-server";
import { installPausedClock } from "./timers";

/**
 * The live channel as a page holds it, against a server of its own whose heartbeat comes every
 * 50 ms (LIVE_HEARTBEAT_MS), so the page's clock can be run through minutes of a quiet site while
 * each heartbeat really arrives.
 */
const test = withPrivateServer("live", { LIVE_HEARTBEAT_MS: "50" });

test("the Useless Button's channel stays open through a minute of a quiet site: the heartbeat shows the line is alive", async ({
  page,
}) => {
  const opened: WebSocket[] = [];
  page.on("websocket", (ws) => opened.push(ws));
  await installPausedClock(page);
  await open(page, "/");
  await expect.poll(() => opened.length).toBe(1);
  const channel = opened[0] as WebSocket;
  // Nobody clicks: the total never changes, so the topic says nothing. Each second of the page's
  // time passes only once a heartbeat has arrived in it.
  for (let second = 0; second < 65; second++) {
    await channel.waitForEvent("framereceived", { predicate: ({ payload }) => payload === '{"t":"hb"}' });
    await page.clock.runFor(1000);
  }
  expect(channel.isClosed()).toBe(false);
  expect(opened).toHaveLength(1);
});
