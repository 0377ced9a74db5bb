import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "@playwright/test";
import { startRedis, startSiteProcess, stopProcess } from "../scripts/lib/local-servers";
import { expect, open, test } from "./fixtures";

/**
 * Bubble Wrap for Everyone behind a load balancer: two server processes of the production build on
 * one real Redis, a visitor on each. What one pops, the other sees live, both ways.
 */
const PATH = "/bubble-wrap/together";
const bubble = (page: Page, n: number) => page.getByRole("button", { name: `Bubble ${n}`, exact: true });

let dir: string;
let redis: { child: ChildProcess; url: string };
let servers: { origin: string; child: ChildProcess }[];

test.beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "pointless-two-servers-"));
  redis = await startRedis();
  servers = await Promise.all(
    [1, 2].map(() => startSiteProcess({ COUNTER_DATA_DIR: dir, REDIS_URL: redis.url, BUBBLES_SHEET_SIZE: "100" })),
  );
});

test.afterAll(async () => {
  await Promise.all((servers ?? []).map((server) => stopProcess(server.child)));
  if (redis) await stopProcess(redis.child);
  rmSync(dir, { recursive: true, force: true });
});

/**
 * A visitor of its own (no storage shared) on `origin`, once the page is live on the channel, with
 * the bubbles that reached it as live pops (not in a whole sheet sent again).
 */
async function visitorOn(browser: Browser, origin: string) {
  const context = await browser.newContext({ baseURL: origin, serviceWorkers: "block" });
  const page = await context.newPage();
  const livePops: number[] = [];
  page.on("websocket", (ws) =>
    ws.on("framereceived", ({ payload }) => {
      if (typeof payload !== "string") return;
      const message = JSON.parse(payload) as { t?: string; i?: number[] };
      if (message.t === "pops") livePops.push(...(message.i ?? []));
    }),
  );
  await open(page, PATH);
  await expect(page.getByText("Live: every pop pops for everyone.")).toBeVisible();
  return { page, livePops, close: () => context.close() };
}

test("visitors on two servers sharing one Redis see each other's pops live", async ({ browser }) => {
  const [one, two] = [
    await visitorOn(browser, servers[0]?.origin ?? ""),
    await visitorOn(browser, servers[1]?.origin ?? ""),
  ];
  await bubble(one.page, 7).click();
  await expect(bubble(two.page, 7)).toHaveAttribute("aria-pressed", "true");
  await bubble(two.page, 42).click();
  await expect(bubble(one.page, 42)).toHaveAttribute("aria-pressed", "true");
  // Each reached the other as a live pop from the other server (Redis pub/sub), not by a re-sync.
  expect(two.livePops).toContain(6);
  expect(one.livePops).toContain(41);
  for (const page of [one.page, two.page]) {
    await expect(page.locator("dt", { hasText: "Popped" }).locator("+ dd")).toHaveText("2 / 100");
  }
  await one.close();
  await two.close();
});
