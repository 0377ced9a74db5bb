import { expect, it } from "vitest";
import { emptyCells, PALETTE, WALL_SIZE } from "../../../contracts/wall";
import {
  cellLabel,
  cellOfRow,
  cellPlace,
  nextCell,
  paintAgainIn,
  readSavedWall,
  rowState,
  savedWallText,
} from "./logic";

it("names each cell by its place and what it shows", () => {
  expect(cellPlace(0)).toBe("Row 1, column 1");
  expect(cellPlace(26)).toBe("Row 3, column 7");
  expect(cellPlace(199)).toBe("Row 20, column 10");
  expect(cellLabel(26, 3)).toBe(`Row 3, column 7: ${PALETTE[2]?.char}`);
  expect(cellLabel(26, 0)).toBe("Row 3, column 7: blank");
  expect(cellLabel(26, undefined)).toBe("Row 3, column 7: not loaded");
  const names = Array.from({ length: WALL_SIZE }, (_, cell) => cellPlace(cell));
  expect(new Set(names).size).toBe(WALL_SIZE);
});

it("moves focus with the arrows, stopping at the edges, and Home and End to a row's or the wall's ends", () => {
  expect(nextCell(26, "ArrowRight")).toBe(27);
  expect(nextCell(26, "ArrowLeft")).toBe(25);
  expect(nextCell(26, "ArrowDown")).toBe(36);
  expect(nextCell(26, "ArrowUp")).toBe(16);
  // The edges hold: no wrapping onto the next row, no leaving the wall.
  expect(nextCell(29, "ArrowRight")).toBe(29);
  expect(nextCell(30, "ArrowLeft")).toBe(30);
  expect(nextCell(5, "ArrowUp")).toBe(5);
  expect(nextCell(195, "ArrowDown")).toBe(195);
  expect(nextCell(26, "Home")).toBe(20);
  expect(nextCell(26, "End")).toBe(29);
  expect(nextCell(26, "Home", true)).toBe(0);
  expect(nextCell(26, "End", true)).toBe(199);
  for (const key of ["Enter", " ", "a", "Tab", "constructor", "toString"]) expect(nextCell(26, key)).toBeNull();
});

it("sums up a row in a string that changes exactly when one of its cells does", () => {
  const cells = emptyCells();
  cells[12] = 5;
  expect(rowState(null, new Map(), 1)).toBe("??????????");
  const row = rowState(cells, new Map(), 1);
  expect(row).toHaveLength(10);
  expect(cellOfRow(row, 2)).toEqual({ byte: 5, mine: false });
  expect(cellOfRow(row, 3)).toEqual({ byte: 0, mine: false });
  expect(cellOfRow("??????????", 3)).toEqual({ byte: undefined, mine: false });
  // A paint of this page's on its way shows as its emoji, marked, until the server has it.
  const painting = rowState(cells, new Map([[13, 15]]), 1);
  expect(painting).not.toBe(row);
  expect(cellOfRow(painting, 3)).toEqual({ byte: 16, mine: true });
  expect(rowState(cells, new Map([[13, 15]]), 0)).toBe(rowState(cells, new Map(), 0));
});

it("says when the next paint may be", () => {
  expect(paintAgainIn(2)).toBe("You can paint again in 2 s.");
});

it("keeps the last wall seen in storage, and reads back only a wall", () => {
  const cells = emptyCells();
  cells[99] = 7;
  expect(readSavedWall(savedWallText(cells, 1_750_000_000_000))).toEqual({ cells, seenAt: 1_750_000_000_000 });
  for (const bad of [
    null,
    undefined,
    "",
    "{",
    "[]",
    "null",
    JSON.stringify({ cells: "..", seenAt: 1 }),
    JSON.stringify({ cells: ".".repeat(200), seenAt: "yesterday" }),
    JSON.stringify({ cells: ".".repeat(200), seenAt: -5 }),
    JSON.stringify({ cells: "z".repeat(200), seenAt: 5 }),
  ]) {
    expect(readSavedWall(bad)).toBeNull();
  }
});
