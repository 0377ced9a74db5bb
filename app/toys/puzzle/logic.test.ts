import { describe, expect, it } from "vitest";
import { dropPiece, isSolved, KEY_STEP, nudgePiece, SLOTS, STARTS } from "./logic";

describe("impossible puzzle", () => {
  it("has four pieces that start away from their slots", () => {
    expect(SLOTS).toHaveLength(4);
    expect(isSolved(STARTS)).toBe(false);
  });

  it("snaps a piece dropped near its slot to almost the right place, never exactly", () => {
    for (let piece = 0; piece < 4; piece++) {
      const slot = SLOTS[piece] ?? { x: 0, y: 0 };
      for (const [dx, dy] of [
        [0, 0],
        [10, -10],
        [-30, 20],
      ]) {
        const drop = dropPiece(piece, { x: slot.x + (dx ?? 0), y: slot.y + (dy ?? 0) });
        expect(drop.result).toBe("almost");
        expect(drop.position).not.toEqual(slot);
        expect(Math.hypot(drop.position.x - slot.x, drop.position.y - slot.y)).toBeLessThan(15);
      }
    }
  });

  it("leaves a piece dropped far away where it is", () => {
    expect(dropPiece(0, { x: 200, y: 300 })).toEqual({ position: { x: 200, y: 300 }, result: "nowhere" });
  });

  it("never counts as solved, even with every piece snapped", () => {
    const snapped = SLOTS.map((slot, i) => dropPiece(i, slot).position);
    expect(isSolved(snapped)).toBe(false);
  });

  it("moves pieces with the arrow keys", () => {
    expect(nudgePiece({ x: 50, y: 50 }, "ArrowLeft")).toEqual({ x: 50 - KEY_STEP, y: 50 });
    expect(nudgePiece({ x: 0, y: 0 }, "ArrowUp")).toEqual({ x: 0, y: 0 });
    expect(nudgePiece({ x: 50, y: 50 }, "x")).toBeNull();
  });
});
