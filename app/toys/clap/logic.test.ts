import { describe, expect, it } from "vitest";
import { seededRandom } from "../../kit/lib/random";
import { CLAP_THROTTLE_MS, clapSound, crowdMood } from "./logic";

describe("aggressive claps", () => {
  // The throttle itself, on a clock the test moves: e2e/clap.spec.ts.
  it("sets its throttle to the spec's 50 ms", () => {
    expect(CLAP_THROTTLE_MS).toBe(50);
  });

  it("makes short bright noise bursts", () => {
    const random = seededRandom(1);
    for (let i = 0; i < 50; i++) {
      const s = clapSound(random);
      expect(s.duration).toBeLessThan(0.1);
      expect(s.frequency).toBeGreaterThanOrEqual(900);
      expect(s.filter).toBe("bandpass");
    }
  });

  it("gets more excited", () => {
    expect(crowdMood(0)).toMatch(/waiting/);
    expect(crowdMood(500)).not.toBe(crowdMood(5));
  });
});
