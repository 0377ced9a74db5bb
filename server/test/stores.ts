import { createClient } from "redis";
import { inject } from "vitest";
import { type Backends, openBackends } from "../ops/backends.ts";
import { createLogger } from "../ops/log.ts";
import { makeSiteFixture } from "./site-fixture.ts";

const quiet = createLogger("error", () => {});

/**
 * The two backends a store test runs against, each empty: SQLite in a new folder, and the test
 * Redis (server/test/redis-server.ts) flushed, once its client is connected.
 */
export const testBackends: [string, () => Promise<{ backends: Backends; cleanUp: () => Promise<void> }>][] = [
  [
    "SQLite",
    async () => {
      const site = makeSiteFixture();
      const backends = openBackends({ dataDir: site.dataDir, deadlineMs: 1500, log: quiet });
      return {
        backends,
        cleanUp: async () => {
          await backends.close();
          site.remove();
        },
      };
    },
  ],
  [
    "Redis",
    async () => {
      // Test files run side by side, each flushing its Redis before every test: each worker has a
      // database of its own (Redis has 16), so one file's flush never empties another's keys.
      const url = `${inject("redisUrl")}/${Number(process.env.VITEST_POOL_ID ?? 0) % 16}`;
      const admin = createClient({ url });
      await admin.connect();
      await admin.flushDb();
      await admin.close();
      const backends = openBackends({ redisUrl: url, dataDir: "unused", deadlineMs: 1500, log: quiet });
      // The client connects in the background; the first commands wait for it here.
      for (
        let i = 0;
        !(await backends.ping().then(
          () => true,
          () => false,
        ));
        i++
      ) {
        if (i > 100) throw new Error("the test Redis does not answer");
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return { backends, cleanUp: () => backends.close() };
    },
  ],
];
