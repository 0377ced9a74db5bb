import { describe, expect, it } from "vitest";
import {
  applyCells,
  decodeCells,
  emojiAt,
  emptyCells,
  encodeCells,
  isCell,
  isEmoji,
  PALETTE,
  WALL_COLUMNS,
  WALL_ROWS,
  WALL_SIZE,
} from "./wall";

describe("the shared wall", () => {
  it("has 200 cells in rows of ten, and the Emoji Wall's sixteen emojis, each named", () => {
    expect([WALL_SIZE, WALL_COLUMNS, WALL_ROWS]).toEqual([200, 10, 20]);
    expect(PALETTE).toHaveLength(16);
    expect(new Set(PALETTE.map((p) => p.char)).size).toBe(16);
    for (const { name } of PALETTE) expect(name).toMatch(/^[a-z -]+$/);
    expect([isCell(0), isCell(199), isCell(200), isCell(-1), isCell(1.5)]).toEqual([true, true, false, false, false]);
    expect([isEmoji(0), isEmoji(15), isEmoji(16), isEmoji(-1)]).toEqual([true, true, false, false]);
  });

  it("reads a cell's byte as its emoji: 0 is blank", () => {
    expect(emojiAt(0)).toBeNull();
    expect(emojiAt(undefined)).toBeNull();
    expect(emojiAt(1)).toBe(PALETTE[0]);
    expect(emojiAt(16)).toBe(PALETTE[15]);
    expect(emojiAt(17)).toBeNull();
  });

  it("travels as 200 characters and back, and nothing else reads as a wall", () => {
    const cells = emptyCells();
    cells[0] = 1;
    cells[7] = 16;
    cells[199] = 11;
    const text = encodeCells(cells);
    expect(text).toHaveLength(200);
    expect(text.slice(0, 8)).toBe("0......f");
    expect(text.at(-1)).toBe("a");
    expect(decodeCells(text)).toEqual(cells);
    for (const bad of [text.slice(1), `${text}.`, text.replace("f", "g"), text.replace("0", "🎉"), 42, null, [1]]) {
      expect(decodeCells(bad)).toBeNull();
    }
  });

  it("applies numbered cells in order: a later paint of a cell wins, a gap is noticed, old news is ignored", () => {
    const wall = { cells: emptyCells(), seq: 4 };
    expect(applyCells(wall, { seq: 5, c: [[3, 2]] })).toEqual({ gap: false, stale: false });
    expect(
      applyCells(wall, {
        seq: 7,
        c: [
          [3, 9],
          [4, 0],
        ],
      }),
    ).toEqual({ gap: true, stale: false });
    expect(applyCells(wall, { seq: 6, c: [[3, 1]] })).toEqual({ gap: false, stale: true });
    expect([wall.cells[3], wall.cells[4], wall.seq]).toEqual([10, 1, 7]);
    // Cells off the wall and emojis off the palette change nothing.
    applyCells(wall, {
      seq: 8,
      c: [
        [200, 1],
        [5, 16],
        [-1, 0],
      ],
    });
    expect(wall.cells).toEqual(Object.assign(emptyCells(), { 3: 10, 4: 1 }));
  });
});
