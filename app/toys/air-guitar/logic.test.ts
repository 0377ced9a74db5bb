import { describe, expect, it } from "vitest";
import { HYPE, powerChord, ROOTS, STRUM_THROTTLE_MS } from "./logic";

describe("air guitar", () => {
  // The throttle itself, on a clock the test moves: e2e/air-guitar.spec.ts.
  it("sets its throttle to 120 ms", () => {
    expect(STRUM_THROTTLE_MS).toBe(120);
  });

  it("plays a root and its fifth", () => {
    const [root, fifth] = powerChord(() => 0);
    expect(root).toBe(ROOTS[0]);
    expect(fifth).toBeCloseTo(root * 1.5);
  });

  it("writes each hype line as an emoji, a space and words, as the page draws it", () => {
    for (const line of HYPE) expect(line).toMatch(/^\p{Extended_Pictographic}\uFE0F? [^\p{Extended_Pictographic}]+$/u);
  });
});
