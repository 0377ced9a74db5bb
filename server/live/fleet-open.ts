import type { RedisClient } from "../ops/backends.ts";
import { errorText, type Logger } from "../ops/log.ts";
import type { StoreGuard } from "../ops/store-guard.ts";

/**
 * How many live channels each address (and IPv6 /56) holds across the fleet, so that the caps
 * per address and per /56 are the fleet's, not each process's (issue 56: eleven addresses filled
 * every process of a fleet of any size). With SQLite there is one process and its own counts
 * (admission.ts) are the fleet's.
 *
 * With Redis, each process writes its own count under each key as a number, never an increment
 * (`HSET key process count`): a write that met its deadline and lands late is overwritten by the
 * next, and a count cannot drift. A process says it is alive every few seconds (a sorted set of
 * processes by the store's own clock); a process unseen for STALE_MS is gone (a crash, a SIGKILL)
 * and its counts are dropped by the next reader. Checking a new channel is one Lua call: the sum
 * over live processes, and this process's new count written only when every key is under its cap.
 * Every call has the store's deadline; while Redis does not answer, this process's own counts
 * (checked before this) are the only cap, never none.
 */
export interface FleetOpen {
  /**
   * Whether a new channel from `keys` fits: `counts` are this process's channels under each key,
   * the new one included, `caps` each key's cap for the fleet. -1 when it fits (and is counted),
   * else the index of the first key at its cap.
   */
  claim(keys: readonly string[], counts: readonly number[], caps: readonly number[]): Promise<number>;
  /** This process now holds `count` channels under `key` (after a close). */
  tell(key: string, count: number): void;
  stop(): Promise<void>;
}

export const localFleetOpen = (): FleetOpen => ({
  claim: async () => -1,
  tell() {},
  async stop() {},
});

const PROCESSES = "{pointless}:open:processes";
const keyOf = (key: string) => `{pointless}:open:${key}`;
/** A process unseen this long is gone; each says it is alive every ALIVE_EVERY_MS. */
const STALE_MS = 30_000;
const ALIVE_EVERY_MS = 5000;
/** A key's counts outlive its last change by a day (a crash leaves no count behind for longer). */
const TTL_MS = 24 * 3600_000;

const NOW = "local t = redis.call('TIME') local now = t[1] * 1000 + math.floor(t[2] / 1000)";
const ALIVE = `${NOW}
redis.call('ZADD', KEYS[1], now, ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - 3600000)
return 0`;
const CLAIM = `${NOW}
local me, stale, ttl = ARGV[1], tonumber(ARGV[2]), tonumber(ARGV[3])
redis.call('ZADD', KEYS[1], now, me)
for i = 2, #KEYS do
  local total = tonumber(ARGV[2 * i + 1])
  local fields = redis.call('HGETALL', KEYS[i])
  for j = 1, #fields, 2 do
    if fields[j] ~= me then
      local seen = redis.call('ZSCORE', KEYS[1], fields[j])
      if seen and tonumber(seen) >= now - stale then total = total + tonumber(fields[j + 1])
      else redis.call('HDEL', KEYS[i], fields[j]) end
    end
  end
  if total > tonumber(ARGV[2 * i]) then return i - 1 end
end
for i = 2, #KEYS do
  redis.call('HSET', KEYS[i], me, ARGV[2 * i + 1])
  redis.call('PEXPIRE', KEYS[i], ttl)
end
return 0`;

export function redisFleetOpen(redis: () => RedisClient, guard: StoreGuard, id: string, log: Logger): FleetOpen {
  const alive = () => guard.run(() => redis().eval(ALIVE, { keys: [PROCESSES], arguments: [id] })).catch(() => {});
  void alive();
  const timer = setInterval(alive, ALIVE_EVERY_MS);
  timer.unref();
  return {
    async claim(keys, counts, caps) {
      const args = [id, String(STALE_MS), String(TTL_MS)];
      for (const k of keys.keys()) args.push(String(caps[k] ?? 0), String(counts[k] ?? 0));
      try {
        const full = Number(
          await guard.run(() => redis().eval(CLAIM, { keys: [PROCESSES, ...keys.map(keyOf)], arguments: args })),
        );
        return full > 0 ? full - 1 : -1;
      } catch (error) {
        log.debug("fleet channel count not checked", { error: errorText(error) });
        return -1;
      }
    },
    tell(key, count) {
      guard
        .run(async () => {
          const client = redis();
          if (count > 0) await client.hSet(keyOf(key), id, String(count));
          else await client.hDel(keyOf(key), id);
        })
        .catch(() => {});
    },
    async stop() {
      clearInterval(timer);
      // The others stop counting this process's channels at once, not when it goes stale.
      await guard.run(() => redis().zRem(PROCESSES, id)).catch(() => {});
    },
  };
}
