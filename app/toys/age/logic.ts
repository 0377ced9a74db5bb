/** The oracle is never wrong. The answer is 42 (spec section 4). */
export function guessAge(): number {
  return 42;
}

/** What the oracle does while it "thinks", one step per second. */
export const SUSPENSE_STEPS = [
  "Consulting the ancient scrolls…",
  "Counting the rings in your soul…",
  "Asking your mom…",
  "Rounding to the nearest meaning of life…",
] as const;
export const STEP_MS = 1000;
