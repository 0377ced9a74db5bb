import { describe, expect, it } from "vitest";
import { createRateLimiter } from "./rate-limit.ts";

describe("the rate limiter", () => {
  it("lets a burst through, then one request per refill, and says how long to wait", () => {
    let t = 0;
    const limiter = createRateLimiter({ write: { burst: 2, perMinute: 60 } }, { now: () => t });
    expect(limiter.take("write", "a")).toBe(0);
    expect(limiter.take("write", "a")).toBe(0);
    expect(limiter.take("write", "a")).toBe(1);
    expect(limiter.take("write", "b")).toBe(0);
    t += 1000;
    expect(limiter.take("write", "a")).toBe(0);
    limiter.stop();
  });

  it("keeps at most maxKeys buckets, forgetting the least recently used", () => {
    const limiter = createRateLimiter({ read: { burst: 1, perMinute: 1 } }, { maxKeys: 100 });
    limiter.take("read", "keep");
    for (let i = 0; i < 10_000; i++) {
      limiter.take("read", `10.0.${i >> 8}.${i & 255}`);
      if (i % 50 === 0) expect(limiter.take("read", "keep")).toBeGreaterThan(0);
    }
    expect(limiter.size).toBeLessThanOrEqual(100);
    // "keep" was used all along, so it was never forgotten: still empty.
    expect(limiter.take("read", "keep")).toBeGreaterThan(0);
    limiter.stop();
  });
});
