// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { drawRow } from "./row-cells";

const buttons = (row: HTMLElement) => [...row.querySelectorAll("button")];

describe("a row of the shared sheet, as plain DOM", () => {
  it("draws a grid cell and a named button per bubble, pressed once popped, one in the tab order", () => {
    const row = document.createElement("div");
    drawRow(row, null, { start: 10, end: 13, state: "010", tabStop: 12 });
    expect([...row.children].map((cell) => cell.getAttribute("role"))).toEqual(["gridcell", "gridcell", "gridcell"]);
    expect(
      buttons(row).map((b) => [
        b.type,
        b.dataset.i,
        b.getAttribute("aria-label"),
        b.getAttribute("aria-pressed"),
        b.tabIndex,
      ]),
    ).toEqual([
      ["button", "10", "Bubble 11", "false", -1],
      ["button", "11", "Bubble 12", "true", -1],
      ["button", "12", "Bubble 13", "false", 0],
    ]);
    expect(buttons(row)[1]?.className).toContain("scale-75");
    expect(buttons(row)[0]?.className).toContain("bg-sky-200");
  });

  it("changes only the bubbles whose state or tab stop changed, keeping every button (and its focus)", () => {
    const row = document.createElement("div");
    document.body.append(row);
    const drawn = drawRow(row, null, { start: 0, end: 4, state: "0000", tabStop: 0 });
    const before = buttons(row);
    before[0]?.focus();
    const whole = before[3]?.className;
    before[3]?.setAttribute("data-untouched", "yes");
    drawRow(row, drawn, { start: 0, end: 4, state: "0100", tabStop: 1 });
    const after = buttons(row);
    expect(after).toEqual(before);
    expect(document.activeElement).toBe(before[0]);
    expect(after.map((b) => b.getAttribute("aria-pressed"))).toEqual(["false", "true", "false", "false"]);
    expect(after.map((b) => b.tabIndex)).toEqual([-1, 0, -1, -1]);
    expect(after[3]?.className).toBe(whole);
    row.remove();
  });

  it("draws the row again when its bubbles change (a new width of the sheet)", () => {
    const row = document.createElement("div");
    const drawn = drawRow(row, null, { start: 0, end: 3, state: "111", tabStop: -1 });
    drawRow(row, drawn, { start: 3, end: 8, state: "00100", tabStop: -1 });
    expect(buttons(row).map((b) => b.getAttribute("aria-label"))).toEqual([
      "Bubble 4",
      "Bubble 5",
      "Bubble 6",
      "Bubble 7",
      "Bubble 8",
    ]);
    expect(buttons(row).map((b) => b.getAttribute("aria-pressed"))).toEqual([
      "false",
      "false",
      "true",
      "false",
      "false",
    ]);
  });
});

describe("a row drawn again for a new width", () => {
  it("hands the focus of a bubble still in the row to its new button", () => {
    const row = document.createElement("div");
    document.body.append(row);
    const drawn = drawRow(row, null, { start: 0, end: 4, state: "0000", tabStop: 2 });
    row.querySelector<HTMLElement>('[data-i="2"]')?.focus();
    drawRow(row, drawn, { start: 0, end: 3, state: "000", tabStop: 2 });
    expect((document.activeElement as HTMLElement).dataset.i).toBe("2");
    expect(row.contains(document.activeElement)).toBe(true);
    row.remove();
  });
});
