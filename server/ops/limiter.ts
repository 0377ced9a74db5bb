import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";
import type { Backends } from "./backends.ts";
import { withinDeadline } from "./deadline.ts";

/**
 * A limit kept for the whole fleet: with Redis, every server process counts in the same place
 * (rate-limiter-flexible's fixed windows, one Lua call a check), so N servers admit what one does,
 * not N times it; with SQLite there is one process and the count is in its memory.
 *
 * Redis is a store like any other here: every check has the store's deadline, and while Redis is
 * frozen or gone the process counts in its own memory until it answers again (a limit per process
 * for those seconds, never none, and never a request held waiting for a limiter).
 */
export interface FleetLimit {
  /** Up to `points` at once, refilled every `durationS` seconds. */
  points: number;
  durationS: number;
}

/** A limit as the settings write it ("burst/perMinute"): `burst` at once, refilled at `perMinute`. */
export interface Limit {
  burst: number;
  perMinute: number;
}

/** A "burst/perMinute" setting as a fixed window: `burst` at once, refilled as fast as the rate says. */
export const fleetLimit = ({ burst, perMinute }: Limit): FleetLimit => ({
  points: burst,
  durationS: Math.max(1, Math.round((burst * 60) / Math.max(1, perMinute))),
});

export interface FleetLimiter {
  /**
   * Takes `points` for `key`: 0 when allowed, otherwise the milliseconds until they would be
   * (Infinity for more points than the limit ever grants at once).
   */
  take(key: string, points?: number): Promise<number>;
}

export function createFleetLimiter(
  backends: Backends,
  name: string,
  { points, durationS }: FleetLimit,
  deadlineMs: number,
): FleetLimiter {
  const memory = new RateLimiterMemory({ keyPrefix: name, points, duration: durationS });
  const shared =
    backends.kind === "redis"
      ? new RateLimiterRedis({
          storeClient: backends.redis(),
          useRedisPackage: true,
          // A Redis that is not connected is not waited for: the memory count answers at once.
          rejectIfRedisNotReady: true,
          keyPrefix: `{pointless}:limit:${name}`,
          points,
          duration: durationS,
        })
      : null;

  async function consume(limiter: RateLimiterMemory | RateLimiterRedis, key: string, count: number) {
    try {
      await limiter.consume(key, count);
      return 0;
    } catch (refused) {
      if (refused instanceof RateLimiterRes) return Math.max(1, refused.msBeforeNext);
      throw refused;
    }
  }

  return {
    async take(key, count = 1) {
      if (count > points) return Number.POSITIVE_INFINITY;
      if (!shared) return consume(memory, key, count);
      try {
        return await withinDeadline(
          consume(shared, key, count),
          deadlineMs,
          () => new Error("the limit's store did not answer in time"),
        );
      } catch {
        return consume(memory, key, count);
      }
    },
  };
}
