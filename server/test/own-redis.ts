import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll } from "vitest";
import { startRedis, stopProcess } from "../../scripts/lib/local-servers.ts";
import { createBus } from "../live/bus.ts";
import { openBackends } from "../ops/backends.ts";
import { createLogger } from "../ops/log.ts";

const quiet = createLogger("error", () => {});

/**
 * A Redis of the calling test file's own (keys and pub/sub shared with no other file, free to be
 * frozen), started before the file's tests and stopped after them, once what the tests opened on
 * it is undone, the last opened first. With `appendOnly`, every write is in a file of a folder of
 * its own before Redis acknowledges it, so a Redis restarted there keeps what it acknowledged.
 */
export function ownRedis({ appendOnly = false } = {}) {
  let redis: Awaited<ReturnType<typeof startRedis>> | undefined;
  let dir: string | undefined;
  const undo: (() => Promise<unknown>)[] = [];
  beforeAll(async () => {
    if (appendOnly) dir = mkdtempSync(join(tmpdir(), "own-redis-"));
    redis = await startRedis({ dir });
  });
  afterAll(async () => {
    for (let step = undo.pop(); step; step = undo.pop()) await step();
    redis?.child.kill("SIGCONT");
    if (redis) await stopProcess(redis.child);
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  const started = () => {
    if (!redis) throw new Error("the file's Redis is not started yet (use it inside a test)");
    return redis;
  };
  return {
    get url() {
      return started().url;
    },
    get child() {
      return started().child;
    },
    /** Steps to undo after the file's tests, before its Redis stops (the last given runs first). */
    undoLater(...steps: (() => Promise<unknown>)[]) {
      undo.push(...steps);
    },
    /** What one server process opens on it: its store connection and its bus, closed after the tests. */
    connect() {
      const backends = openBackends({ redisUrl: started().url, dataDir: "unused", deadlineMs: 1500, log: quiet });
      const bus = createBus(backends, quiet);
      undo.push(
        () => backends.close(),
        () => bus.close(),
      );
      return { backends, bus };
    },
  };
}
