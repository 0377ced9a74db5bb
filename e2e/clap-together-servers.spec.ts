import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startRedis, startSiteProcess, stopProcess } from "../scripts/lib/local-servers";
import { allConfirmed, clap, clappingNow, LIVE, serverTotal, total, visitor } from "./clap-crowd";
import { allowProblems, expect, refusedWhileDown, test } from "./fixtures";

/** Aggressive Claps' crowd against servers started for one test: killed and started again, or two on one real Redis. */
test.describe("servers started for one test", () => {
  test("a server killed mid-clapping (SIGKILL) and started again loses no acknowledged clap and counts none twice", async ({
    browser,
    problems,
  }) => {
    const dataDir = mkdtempSync(join(tmpdir(), "pointless-claps-kill-"));
    let server = await startSiteProcess({ COUNTER_DATA_DIR: dataDir });
    try {
      const oks: number[] = [];
      const clapper = await visitor(browser, server.origin, async (p) => {
        p.on("websocket", (ws) =>
          ws.on("framereceived", ({ payload }) => {
            if (typeof payload === "string" && payload.includes('"t":"ok"')) oks.push(1);
          }),
        );
      });
      const page = clapper.page;
      // Claps go on while the server is killed: some confirmed before, some on their way.
      await clap(page, 12);
      await expect.poll(() => oks.length).toBeGreaterThan(0);
      await clap(page, 8);
      await stopProcess(server.child, "SIGKILL");
      // The page knows the server is gone (a refused connection reads as offline); claps wait.
      await expect(page.getByText(LIVE)).toHaveCount(0);
      await clap(page, 10);
      server = await startSiteProcess({ COUNTER_DATA_DIR: dataDir }, { port: server.port });
      await expect(page.getByText(LIVE)).toBeVisible({ timeout: 20_000 });
      await allConfirmed(page);
      // Every clap the page made was confirmed in the end, and each is in the total once.
      expect(await serverTotal(page)).toBe(30);
      await expect(total(page)).toHaveText("30");
      await clapper.close();
      // While the server was down, the page's tries were refused, and the browser said so.
      allowProblems(problems, refusedWhileDown(server.origin, ["/api/claps"]));
    } finally {
      await stopProcess(server.child);
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test("two servers on one Redis share the total and who is clapping", async ({ browser }) => {
    const dir = mkdtempSync(join(tmpdir(), "pointless-claps-redis-"));
    const redis: { child: ChildProcess; url: string } = await startRedis();
    const servers = await Promise.all(
      [1, 2].map(() => startSiteProcess({ COUNTER_DATA_DIR: dir, REDIS_URL: redis.url })),
    );
    try {
      const [one, two] = [
        await visitor(browser, servers[0]?.origin ?? ""),
        await visitor(browser, servers[1]?.origin ?? ""),
      ];
      await expect(total(two.page)).toHaveText("0");
      await clap(one.page, 5);
      await expect(total(two.page)).toHaveText("5", { timeout: 2000 });
      // Clapping on the first server, counted on the second (each reports through Redis every 2 s).
      await expect(clappingNow(two.page)).toHaveText("1", { timeout: 6000 });
      await clap(two.page, 3);
      await expect(total(one.page)).toHaveText("8", { timeout: 2000 });
      await allConfirmed(two.page);
      for (const server of servers) {
        expect(await (await fetch(`${server.origin}/api/claps`)).json()).toMatchObject({ total: 8 });
      }
      await one.close();
      await two.close();
    } finally {
      await Promise.all(servers.map((server) => stopProcess(server.child)));
      await stopProcess(redis.child);
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
