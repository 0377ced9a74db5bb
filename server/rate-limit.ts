/**
 * A token bucket per client address and kind of request, in memory: `burst` requests at once,
 * then `perMinute` a minute. Each server keeps its own (a visitor behind a load balancer is
 * limited per server, which is still far above what a person can click).
 *
 * Memory is bounded whatever clients send: keys are short (client-address.ts), and at most
 * `maxKeys` buckets are kept, the least recently used forgotten first (a forgotten bucket is a full
 * one, so forgetting only ever errs towards letting a request through). Idle buckets refill to
 * full within minutes and are swept.
 */
export interface Limit {
  burst: number;
  perMinute: number;
}

export function createRateLimiter(
  limits: Record<string, Limit>,
  { now = Date.now, maxKeys = 50_000 }: { now?: () => number; maxKeys?: number } = {},
) {
  const buckets = new Map<string, { tokens: number; at: number }>();

  const sweep = setInterval(() => {
    // Oldest first (Map order is last use): stop at the first one still in use.
    for (const [key, bucket] of buckets) {
      if (now() - bucket.at <= 5 * 60_000) break;
      buckets.delete(key);
    }
  }, 60_000);
  sweep.unref?.();

  return {
    /** Takes `count` tokens: 0 when allowed, otherwise the seconds until there are enough. */
    take(kind: string, address: string, count = 1): number {
      const limit = limits[kind];
      if (!limit) return 0;
      const key = `${kind} ${address}`;
      const t = now();
      const bucket = buckets.get(key) ?? { tokens: limit.burst, at: t };
      bucket.tokens = Math.min(limit.burst, bucket.tokens + ((t - bucket.at) / 60_000) * limit.perMinute);
      bucket.at = t;
      // Re-inserted, so the map's order is the order of last use.
      buckets.delete(key);
      buckets.set(key, bucket);
      if (buckets.size > maxKeys) buckets.delete(buckets.keys().next().value as string);
      if (bucket.tokens >= count) {
        bucket.tokens -= count;
        return 0;
      }
      return Math.max(1, Math.ceil(((count - bucket.tokens) * 60) / limit.perMinute));
    },
    /** How many buckets are kept now. */
    get size() {
      return buckets.size;
    },
    stop() {
      clearInterval(sweep);
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
