import { describe, expect, it } from "vitest";
import { formatCount } from "./format-count";

describe("formatCount", () => {
  it("writes a count as en-US does, with a comma every three digits", () => {
    const counts = [0, 1, 9, 10, 99, 100, 999, 1000, 1001, 9999, 10_000, 12_345, 100_000, 999_999, 1_000_000];
    const more = [1_234_567, 98_765_432, 2 ** 31, Number.MAX_SAFE_INTEGER, -1, -1234, -1_000_000];
    for (const n of [...counts, ...more]) expect(formatCount(n), String(n)).toBe(n.toLocaleString("en-US"));
  });

  it("rounds what is not a whole number", () => {
    expect(formatCount(1234.4)).toBe("1,234");
    expect(formatCount(1234.5)).toBe("1,235");
    expect(formatCount(-0.2)).toBe("0");
  });
});
