import { describe, expect, it } from "vitest";
import { appendLine, LINE_EVERY_MS, linePrefix, MAX_LINES } from "./logic";
import { CONFESSIONS } from "./words";

describe("hacker console", () => {
  it("has 16 distinct confessions", () => {
    expect(CONFESSIONS).toHaveLength(16);
    expect(new Set(CONFESSIONS).size).toBe(16);
  });

  // A line every 1.5 s on the page, on a clock the test moves: e2e/hacker.spec.ts.
  it("sets the line interval to the spec's 1.5 s", () => {
    expect(LINE_EVERY_MS).toBe(1500);
  });

  it("keeps only the newest lines", () => {
    let lines = Array.from({ length: MAX_LINES }, (_, id) => ({ id, text: `line ${id}` }));
    lines = appendLine(lines, { id: 999, text: "newest" });
    expect(lines).toHaveLength(MAX_LINES);
    expect(lines[0]?.id).toBe(1);
    expect(lines.at(-1)?.text).toBe("newest");
  });

  it("prefixes lines like a shell prompt, deterministically", () => {
    expect(linePrefix(3)).toBe(linePrefix(3));
    expect(linePrefix(3)).toMatch(/^\[pid \d{4}\] root@mainframe:~\$$/);
  });
});
