import { describe, expect, it } from "vitest";
import { LINE_EVERY_MS, LINES_AFTER_TRIM, linePrefix, linesKept, MAX_LINES } from "./logic";
import { CONFESSIONS } from "./words";

describe("hacker console", () => {
  it("has 16 distinct confessions", () => {
    expect(CONFESSIONS).toHaveLength(16);
    expect(new Set(CONFESSIONS).size).toBe(16);
  });

  // A line every 1.5 s on the page, on a clock the test moves, and the lines kept: e2e/hacker.spec.ts.
  it("sets the line interval to the spec's 1.5 s", () => {
    expect(LINE_EVERY_MS).toBe(1500);
  });

  it("keeps every line up to MAX_LINES, then drops the oldest down to LINES_AFTER_TRIM at once", () => {
    expect([1, 99, 100].map(linesKept)).toEqual([1, 99, 100]);
    expect(linesKept(MAX_LINES + 1)).toBe(LINES_AFTER_TRIM);
    expect(linesKept(MAX_LINES + 2)).toBe(LINES_AFTER_TRIM + 1);
    // Back at MAX_LINES, then the next line trims again.
    const again = MAX_LINES + 1 + (MAX_LINES - LINES_AFTER_TRIM);
    expect(linesKept(again)).toBe(MAX_LINES);
    expect(linesKept(again + 1)).toBe(LINES_AFTER_TRIM);
    for (let made = 0; made < 1000; made++) expect(linesKept(made)).toBeLessThanOrEqual(MAX_LINES);
  });

  it("prefixes lines like a shell prompt, deterministically", () => {
    expect(linePrefix(3)).toBe(linePrefix(3));
    expect(linePrefix(3)).toMatch(/^\[pid \d{4}\] root@mainframe:~\$$/);
  });
});
