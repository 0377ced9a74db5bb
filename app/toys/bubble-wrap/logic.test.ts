import { describe, expect, it } from "vitest";
import { BUBBLES, freshSheet, pop } from "./logic";

describe("screaming bubbles", () => {
  it("has 100 unpopped bubbles", () => {
    expect(BUBBLES).toBe(100);
    expect(freshSheet().filter(Boolean)).toHaveLength(0);
  });

  it("pops each bubble once, scoring once", () => {
    const first = pop(freshSheet(), 7);
    expect(first.scored).toBe(true);
    expect(first.sheet[7]).toBe(true);
    const again = pop(first.sheet, 7);
    expect(again.scored).toBe(false);
    expect(again.sheet.filter(Boolean)).toHaveLength(1);
    expect(pop(first.sheet, 100).scored).toBe(false);
  });
});
