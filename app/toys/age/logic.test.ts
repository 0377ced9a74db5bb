import { describe, expect, it } from "vitest";
import { guessAge, STEP_MS, SUSPENSE_STEPS } from "./logic";

describe("age oracle", () => {
  it("always answers 42", () => {
    for (let i = 0; i < 100; i++) expect(guessAge()).toBe(42);
  });

  it("builds suspense one step per second", () => {
    expect(SUSPENSE_STEPS.length).toBeGreaterThan(2);
    expect(STEP_MS).toBe(1000);
  });
});
