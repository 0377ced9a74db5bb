import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, expect, inject, it } from "vitest";
import { startSiteProcess, stopProcess } from "../../scripts/lib/local-servers.ts";
import { makeSiteFixture } from "../test/site-fixture.ts";

/**
 * node-redis is loaded only where a Redis store is opened (redis-library.ts): a server on SQLite
 * starts and serves without it, and one on Redis has it. Told by the server process itself as it
 * stops: whether any file of the package is among the modules it loaded.
 */
let site: ReturnType<typeof makeSiteFixture>;
let tell: string;
beforeAll(() => {
  site = makeSiteFixture();
  tell = join(site.root, "tell-redis.mjs");
  writeFileSync(
    tell,
    `import { createRequire } from "node:module";
const cache = createRequire(import.meta.url).cache;
process.on("exit", () => {
  const loaded = Object.keys(cache).some((file) => file.includes("/node_modules/redis/"));
  process.stdout.write(JSON.stringify({ redisLoaded: loaded }) + "\\n");
});
`,
  );
});
afterAll(() => site.remove());

async function loadedRedis(env: Record<string, string>): Promise<boolean> {
  const server = await startSiteProcess({ SITE_DIR: site.client, NODE_OPTIONS: `--import=${tell}`, ...env });
  expect((await fetch(`${server.origin}/api/clicks`)).status).toBe(200);
  await stopProcess(server.child);
  const told = server.logs.find((line) => line.includes('"redisLoaded"'));
  expect(told, "the server told what it loaded as it stopped").toBeDefined();
  return (JSON.parse(told as string) as { redisLoaded: boolean }).redisLoaded;
}

it("a server on SQLite starts and counts without loading node-redis", async () => {
  expect(await loadedRedis({ COUNTER_DATA_DIR: site.dataDir })).toBe(false);
});

it("a server on Redis loads it", async () => {
  expect(await loadedRedis({ REDIS_URL: inject("redisUrl") })).toBe(true);
});
