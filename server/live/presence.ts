import type { RedisClient } from "../ops/backends.ts";
import type { StoreGuard } from "../ops/store-guard.ts";

/**
 * How many people are on a topic now: its pages in this process, or with Redis in every process
 * (each writes its own count with the time, every few seconds; a count not refreshed for 15 s
 * belongs to a process that is gone). A topic that shows who is here (the bubble sheet, the crowd
 * of clappers) keeps one.
 */
export interface Presence {
  /** This process has `count` visitors now. */
  report(count: number): void;
  here(): number;
  /**
   * Stops counting, and takes this process's count out of everyone's (with the store's deadline:
   * a frozen store never holds a stop), so the others stop counting its visitors at their next
   * refresh rather than when the count goes stale.
   */
  stop(): Promise<void>;
}

export function localPresence(): Presence {
  let count = 0;
  return {
    report(now) {
      count = now;
    },
    here: () => count,
    async stop() {},
  };
}

const STALE_MS = 15_000;
/** The key a topic's counts are kept under (the bubble sheet's is the one it always had). */
const hereKey = (topic: string) => `{pointless}:${topic}:here`;

export function redisPresence(
  redis: () => RedisClient,
  guard: StoreGuard,
  topic: string,
  id: string,
  everyMs = 2000,
): Presence {
  const HERE = hereKey(topic);
  let local = 0;
  let everywhere: number | null = null;
  let stopped = false;
  // Every few seconds: this process's count in, everyone's out.
  const timer = setInterval(() => {
    guard
      .run(async () => {
        // A refresh that began before the stop must not put the count back after it.
        if (stopped) return;
        const client = redis();
        const now = Date.now();
        await client.hSet(HERE, id, `${local}:${now}`);
        const all = await client.hGetAll(HERE);
        let sum = 0;
        for (const [process, value] of Object.entries(all)) {
          const [n, at] = String(value).split(":").map(Number);
          if (n !== undefined && at !== undefined && now - at < STALE_MS) sum += n;
          else await client.hDel(HERE, process);
        }
        everywhere = sum;
      })
      .catch(() => {
        everywhere = null;
      });
  }, everyMs);
  timer.unref();
  return {
    report(count) {
      local = count;
    },
    here: () => Math.max(everywhere ?? local, local),
    async stop() {
      if (stopped) return;
      stopped = true;
      clearInterval(timer);
      // Commands on one connection are answered in order: a refresh under way is done before this.
      await guard.run(() => redis().hDel(HERE, id)).catch(() => {});
    },
  };
}
