import { describe, expect, it } from "vitest";
import { applyPops, emptySheet } from "../../../contracts/bubbles";
import {
  CELL_PX,
  columnsFor,
  fromBase64,
  moveFocus,
  OVERSCAN_ROWS,
  progressText,
  rowKey,
  toBase64,
  visibleRows,
} from "./logic";

const sheetOf = (size: number, seq = 0) => emptySheet(size, { sheet: 3, seq, finished: 2, epoch: 9 });

describe("the shared sheet on the page", () => {
  it("draws only the rows in view, and a few more", () => {
    expect(columnsFor(400)).toBe(10);
    expect(columnsFor(10)).toBe(1);
    expect(visibleRows(0, 400, 1000)).toEqual({ first: 0, last: 10 + OVERSCAN_ROWS });
    expect(visibleRows(100 * CELL_PX, 400, 1000)).toEqual({ first: 100 - OVERSCAN_ROWS, last: 110 + OVERSCAN_ROWS });
    expect(visibleRows(100_000 * CELL_PX, 400, 1000).last).toBe(999);
  });

  it("moves focus by bubble, row, row end and page, never off the sheet", () => {
    const grid = { columns: 10, size: 95, pageRows: 5 };
    expect(moveFocus(0, "ArrowLeft", grid)).toBe(0);
    expect(moveFocus(0, "ArrowRight", grid)).toBe(1);
    expect(moveFocus(3, "ArrowDown", grid)).toBe(13);
    expect(moveFocus(88, "ArrowDown", grid)).toBe(88);
    expect(moveFocus(13, "ArrowUp", grid)).toBe(3);
    expect(moveFocus(13, "Home", grid)).toBe(10);
    expect(moveFocus(13, "End", grid)).toBe(19);
    expect(moveFocus(92, "End", grid)).toBe(94);
    expect(moveFocus(13, "End", { ...grid, ctrl: true })).toBe(94);
    expect(moveFocus(13, "Home", { ...grid, ctrl: true })).toBe(0);
    expect(moveFocus(13, "PageDown", grid)).toBe(63);
    expect(moveFocus(13, "PageUp", grid)).toBe(0);
    expect(moveFocus(13, "a", grid)).toBeNull();
  });

  it("keys a row by its bubbles, counting pops still on their way", () => {
    const sheet = sheetOf(20);
    applyPops(sheet, { sheet: 3, seq: 1, i: [1] });
    expect(rowKey(sheet, new Set([3]), 0, 5)).toBe("01010");
    expect(rowKey(null, new Set(), 0, 3)).toBe("000");
  });

  it("reads out progress in words", () => {
    expect(progressText(1234, 10_000, 1)).toBe("1,234 of 10,000 bubbles popped. 1 person here.");
    expect(progressText(0, 10_000, 12)).toBe("0 of 10,000 bubbles popped. 12 people here.");
    expect(progressText(5, 10, null)).toBe("5 of 10 bubbles popped.");
  });

  it("keeps bits as base64 and reads back only base64", () => {
    const bits = Uint8Array.from({ length: 70_000 }, (_, k) => k % 256);
    expect(fromBase64(toBase64(bits))).toEqual(bits);
    expect(fromBase64("not base64!")).toBeNull();
    expect(fromBase64(42)).toBeNull();
  });
});
