import type { RedisClient } from "../backends.ts";
import type { StoreGuard } from "../store-guard.ts";

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
  stop(): void;
}

export function localPresence(): Presence {
  let count = 0;
  return {
    report(now) {
      count = now;
    },
    here: () => count,
    stop() {},
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
  // Every few seconds: this process's count in, everyone's out.
  const timer = setInterval(() => {
    guard
      .run(async () => {
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
    stop() {
      clearInterval(timer);
    },
  };
}
