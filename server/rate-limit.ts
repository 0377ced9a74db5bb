/**
 * A token bucket per client address and kind of request, in memory: `burst` requests at once,
 * then `perMinute` a minute. Each server keeps its own (a visitor behind a load balancer is
 * limited per server, which is still far above what a person can click).
 */
export interface Limit {
  burst: number;
  perMinute: number;
}

export function createRateLimiter(limits: Record<string, Limit>, now: () => number = Date.now) {
  const buckets = new Map<string, { tokens: number; at: number }>();

  // Full buckets are forgotten, so the map holds only addresses seen in the last minutes.
  const sweep = setInterval(() => {
    for (const [key, bucket] of buckets) if (now() - bucket.at > 5 * 60_000) buckets.delete(key);
  }, 60_000);
  sweep.unref?.();

  return {
    /** Takes a token: 0 when allowed, otherwise the seconds until the next one. */
    take(kind: string, address: string): number {
      const limit = limits[kind];
      if (!limit) return 0;
      const key = `${kind} ${address}`;
      const t = now();
      const bucket = buckets.get(key) ?? { tokens: limit.burst, at: t };
      bucket.tokens = Math.min(limit.burst, bucket.tokens + ((t - bucket.at) / 60_000) * limit.perMinute);
      bucket.at = t;
      buckets.set(key, bucket);
      if (bucket.tokens >= 1) {
        bucket.tokens -= 1;
        return 0;
      }
      return Math.ceil(((1 - bucket.tokens) * 60) / limit.perMinute);
    },
    stop() {
      clearInterval(sweep);
    },
  };
}
