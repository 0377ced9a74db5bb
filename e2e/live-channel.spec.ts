import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { WebSocket } from "@playwright/test";
import { startSiteProcess, stopProcess } from "../scripts/lib/local-servers";
import { test as base, expect, open } from "./fixtures";
import { installPausedClock } from "./timers";

/**
 * The live channel as a page holds it, against a server of its own whose heartbeat comes every
 * 50 ms (LIVE_HEARTBEAT_MS), so the page's clock can be run through minutes of a quiet site while
 * each heartbeat really arrives.
 */
const test = base.extend<object, { liveServer: { origin: string } }>({
  liveServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature
    async ({}, use) => {
      const dataDir = mkdtempSync(join(tmpdir(), "pointless-live-"));
      const { origin, child } = await startSiteProcess({ COUNTER_DATA_DIR: dataDir, LIVE_HEARTBEAT_MS: "50" });
      await use({ origin });
      await stopProcess(child);
      rmSync(dataDir, { recursive: true, force: true });
    },
    { scope: "worker" },
  ],
  baseURL: async ({ liveServer }, use) => use(liveServer.origin),
});

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
