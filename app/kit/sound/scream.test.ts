import { describe, expect, it } from "vitest";
import { seededRandom } from "../lib/random";
import { screamSound } from "./scream";

describe("a bubble's scream", () => {
  it("screams upwards, briefly", () => {
    const s = screamSound(seededRandom(1));
    expect(s.glideTo).toBeGreaterThan(s.frequency);
    expect(s.duration).toBeLessThan(0.5);
    expect(screamSound(seededRandom(1), 0.05).volume).toBe(0.05);
  });
});
