import type { WebSocket } from "@playwright/test";
import { SILENT_AFTER_MS } from "../contracts/live";
import { expect, open } from "./fixtures";
import { withPrivateServer } from "./private-server";
import { installPausedClock } from "./timers";

/**
 * The live channel as a page holds it, against a server of its own whose heartbeat comes every
 * second (LIVE_HEARTBEAT_MS), so the page's clock can be run through minutes of a quiet site while
 * each heartbeat really arrives. Not faster: the server cuts a channel that leaves two pings
 * unanswered, so at 50 ms a browser had 100 ms to answer, which a loaded machine's may not; at 50 ms,
 * in two full runs beside two busy loops, no heartbeat reached the page for a minute.
 */
const HEARTBEAT_MS = 1000;
const test = withPrivateServer("live", { LIVE_HEARTBEAT_MS: String(HEARTBEAT_MS) });
/** The page's time a heartbeat stands for: well inside the silence that makes a page give up. */
const PAGE_MS_PER_HEARTBEAT = SILENT_AFTER_MS / 5;
/** Over a minute of the page's time: a page that dropped its channel every 20 s would drop it three times. */
const HEARTBEATS = Math.ceil(65_000 / PAGE_MS_PER_HEARTBEAT);

test("the Useless Button's channel stays open through a minute of a quiet site: the heartbeat shows the line is alive", async ({
  page,
}) => {
  const opened: WebSocket[] = [];
  page.on("websocket", (ws) => opened.push(ws));
  await installPausedClock(page);
  await open(page, "/");
  await expect.poll(() => opened.length).toBe(1);
  const channel = opened[0] as WebSocket;
  // Nobody clicks: the total never changes, so the topic says nothing. Each stretch of the page's
  // time passes only once a heartbeat has arrived in it.
  for (let beat = 0; beat < HEARTBEATS; beat++) {
    await channel.waitForEvent("framereceived", { predicate: ({ payload }) => payload === '{"t":"hb"}' });
    await page.clock.runFor(PAGE_MS_PER_HEARTBEAT);
  }
  expect(channel.isClosed()).toBe(false);
  expect(opened).toHaveLength(1);
});
