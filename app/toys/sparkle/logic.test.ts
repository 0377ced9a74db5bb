import { describe, expect, it } from "vitest";
import { seededRandom } from "../../kit/lib/random";
import { KEY_STEP, LOL_CHANCE, makeSparkle, moveCursor, SPARKLE_MS } from "./logic";

describe("sparkle trail", () => {
  it("sparkles last 1 s, with a 10% chance of LOL", () => {
    expect(SPARKLE_MS).toBe(1000);
    expect(LOL_CHANCE).toBe(0.1);
    expect(makeSparkle(0, 0, () => 0.05).lol).toBe(true);
    expect(makeSparkle(0, 0, () => 0.1).lol).toBe(false);
    const random = seededRandom(4);
    const lols = Array.from({ length: 10_000 }, () => makeSparkle(0, 0, random)).filter((s) => s.lol).length;
    expect(lols).toBeGreaterThan(850);
    expect(lols).toBeLessThan(1150);
  });

  it("moves the keyboard cursor with the arrows, inside the area", () => {
    const bounds = { width: 100, height: 50 };
    expect(moveCursor({ x: 50, y: 25 }, "ArrowRight", bounds)).toEqual({ x: 50 + KEY_STEP, y: 25 });
    expect(moveCursor({ x: 90, y: 25 }, "ArrowRight", bounds)).toEqual({ x: 100, y: 25 });
    expect(moveCursor({ x: 5, y: 5 }, "ArrowUp", bounds)).toEqual({ x: 5, y: 0 });
    expect(moveCursor({ x: 5, y: 5 }, "Enter", bounds)).toBeNull();
  });
});
