import { describe, expect, it } from "vitest";
import { ELEVATOR_TOAST_MS, EXCUSES, FLOORS, floorToast } from "./logic";

describe("fake elevator", () => {
  it("has 12 floors labelled 1 to 12 and a 2 s toast", () => {
    expect(FLOORS).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(ELEVATOR_TOAST_MS).toBe(2000);
  });

  it("acknowledges the floor and goes nowhere", () => {
    const t = floorToast(7, () => 0);
    expect(t.title).toBe("Floor 7");
    expect(EXCUSES).toContain(t.description);
  });
});
