import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startRedis, startSiteProcess, stopProcess } from "../scripts/lib/local-servers";
import { expect, test } from "./fixtures";
import { anotherVisitor, result, serverCounts, shares } from "./polls-live";

/**
 * Pointless Polls behind a load balancer: two server processes of the production build on one
 * real Redis, a visitor on each. What one votes, the other sees live, both ways, counted once.
 */
let dir: string;
let redis: { child: ChildProcess; url: string };
let servers: { origin: string; child: ChildProcess }[];

test.beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "pointless-polls-two-servers-"));
  redis = await startRedis();
  servers = await Promise.all([1, 2].map(() => startSiteProcess({ COUNTER_DATA_DIR: dir, REDIS_URL: redis.url })));
});

test.afterAll(async () => {
  await Promise.all((servers ?? []).map((server) => stopProcess(server.child)));
  if (redis) await stopProcess(redis.child);
  rmSync(dir, { recursive: true, force: true });
});

test("visitors on two servers sharing one Redis see each other's votes live", async ({ browser }) => {
  const [one, two] = [
    await anotherVisitor(browser, servers[0]?.origin ?? ""),
    await anotherVisitor(browser, servers[1]?.origin ?? ""),
  ];
  await one.page.getByRole("button", { name: "Yes", exact: true }).click();
  await expect(result(one.page)).toHaveText("You are the first to vote on this one, and you picked 'Yes'.");
  await two.page.getByRole("button", { name: "It's a taco, wake up", exact: true }).click();
  await expect(result(two.page)).toHaveText("Only you picked 'It's a taco, wake up': 1 of 2 voters (50%).");
  // The first visitor's results change while shown, from the other server, through Redis.
  await expect(result(one.page)).toHaveText("Only you picked 'Yes': 1 of 2 voters (50%).", { timeout: 2000 });
  for (const { page } of [one, two]) {
    await expect(shares(page)).toHaveText(["Yes: 50%, 1 vote", "No: 0%, 0 votes", "It's a taco, wake up: 50%, 1 vote"]);
  }
  // It reached the first as a live tally from the store both servers share, not as a page reload.
  expect(one.frames.filter((f) => f.t === "tally")).toContainEqual(
    expect.objectContaining({ q: 0, counts: [1, 0, 1] }),
  );
  for (const origin of servers.map((s) => s.origin)) {
    expect((await serverCounts(one.page, origin))[0]).toEqual([1, 0, 1]);
  }
  await one.close();
  await two.close();
});
