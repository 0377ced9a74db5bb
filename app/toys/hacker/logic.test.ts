import { describe, expect, it } from "vitest";
import { LINE_EVERY_MS, linePrefix } from "./logic";
import { CONFESSIONS } from "./words";

describe("hacker console", () => {
  it("has 16 distinct confessions", () => {
    expect(CONFESSIONS).toHaveLength(16);
    expect(new Set(CONFESSIONS).size).toBe(16);
  });

  // A line every 1.5 s on the page, on a clock the test moves, and the newest MAX_LINES kept:
  // e2e/hacker.spec.ts.
  it("sets the line interval to the spec's 1.5 s", () => {
    expect(LINE_EVERY_MS).toBe(1500);
  });

  it("prefixes lines like a shell prompt, deterministically", () => {
    expect(linePrefix(3)).toBe(linePrefix(3));
    expect(linePrefix(3)).toMatch(/^\[pid \d{4}\] root@mainframe:~\$$/);
  });
});
