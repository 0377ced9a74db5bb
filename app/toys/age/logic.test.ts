import { describe, expect, it } from "vitest";
import { guessAge, STEP_MS, SUSPENSE_STEPS } from "./logic";

describe("age oracle", () => {
  it("always answers 42", () => {
    for (let i = 0; i < 100; i++) expect(guessAge()).toBe(42);
  });

  // One step a second on the page, on a clock the test moves: e2e/age.spec.ts.
  it("has more than two suspense steps, and sets a step to one second", () => {
    expect(SUSPENSE_STEPS.length).toBeGreaterThan(2);
    expect(STEP_MS).toBe(1000);
  });
});
