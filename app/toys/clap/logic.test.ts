import { describe, expect, it } from "vitest";
import { seededRandom } from "../../kit/lib/random";
import {
  CLAP_THROTTLE_MS,
  clapSound,
  crowdClapDelays,
  crowdClapSound,
  crowdMood,
  crowdText,
  MAX_CROWD_CLAPS_PER_SECOND,
} from "./logic";

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

describe("the crowd", () => {
  it("plays one burst per clap heard, spread over the window, in order", () => {
    const delays = crowdClapDelays(3, 1, 250, seededRandom(2));
    expect(delays).toHaveLength(1);
    const more = crowdClapDelays(3, 3, 250, seededRandom(2));
    expect(more).toHaveLength(3);
    expect(more).toEqual([...more].sort((a, b) => a - b));
    for (const delay of more) expect(delay).toBeGreaterThanOrEqual(0);
    for (const delay of more) expect(delay).toBeLessThan(250);
  });

  it("gets denser with more people clapping, and never past its cap", () => {
    const random = seededRandom(3);
    expect(crowdClapDelays(100, 1, 1000, random)).toHaveLength(4);
    expect(crowdClapDelays(100, 2, 1000, random)).toHaveLength(8);
    expect(crowdClapDelays(100_000, 5000, 1000, random)).toHaveLength(MAX_CROWD_CLAPS_PER_SECOND);
    expect(crowdClapDelays(100_000, 5000, 250, random)).toHaveLength(MAX_CROWD_CLAPS_PER_SECOND / 4);
  });

  it("is silent when nobody else clapped, and for nonsense", () => {
    const random = seededRandom(4);
    expect(crowdClapDelays(0, 10, 250, random)).toEqual([]);
    expect(crowdClapDelays(-5, 10, 250, random)).toEqual([]);
    expect(crowdClapDelays(Number.NaN, 10, 250, random)).toEqual([]);
    expect(crowdClapDelays(5, 10, 0, random)).toEqual([]);
    // One clap heard is one clap played, even while nobody is counted as clapping yet.
    expect(crowdClapDelays(1, 0, 250, random)).toHaveLength(1);
  });

  it("sounds quieter than the visitor's own claps, a little louder for a bigger crowd", () => {
    const quiet = crowdClapSound(1, seededRandom(5));
    const loud = crowdClapSound(1000, seededRandom(5));
    expect(quiet.volume).toBeLessThan(clapSound(seededRandom(5)).volume);
    expect(loud.volume).toBeGreaterThan(quiet.volume);
    expect(loud.volume).toBeLessThanOrEqual(0.22);
    expect(quiet.filter).toBe("bandpass");
  });

  it("reads the crowd out in words", () => {
    expect(crowdText(12345, 3)).toBe("12,345 claps from everyone. 3 clapping now.");
    expect(crowdText(1, null)).toBe("1 clap from everyone.");
  });
});
