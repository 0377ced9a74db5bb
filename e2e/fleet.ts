import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startRedis, startSiteProcess, stopProcess } from "../scripts/lib/local-servers";

/**
 * `count` server processes of the production build behind an imagined load balancer: each on a
 * port of its own, all on one real Redis of their own, with `env` added.
 */
export async function fleetOnRedis(count: number, env: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), "pointless-fleet-"));
  const redis = await startRedis();
  const settings = { ...env, COUNTER_DATA_DIR: dir, REDIS_URL: redis.url };
  const servers = await Promise.all(Array.from({ length: count }, () => startSiteProcess(settings)));
  return {
    servers,
    /** Starts server `k` again on its own port (after it was killed). */
    async restart(k: number) {
      const port = servers[k]?.port;
      servers[k] = await startSiteProcess(settings, { port });
      return servers[k];
    },
    /** Stops every server, then Redis, and removes what they wrote. */
    async stop() {
      for (const { child } of servers) await stopProcess(child);
      await stopProcess(redis.child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
