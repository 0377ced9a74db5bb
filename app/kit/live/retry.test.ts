import { describe, expect, it } from "vitest";
import { retryDelay } from "./retry";

describe("retryDelay", () => {
  it("doubles from two seconds to at most 32, shortened by up to a fifth", () => {
    expect([1, 2, 3, 4, 5, 6, 9].map((n) => retryDelay(n, () => 0))).toEqual([
      2000, 4000, 8000, 16_000, 32_000, 32_000, 32_000,
    ]);
    expect(retryDelay(1, () => 1)).toBe(1600);
    expect(retryDelay(0, () => 0)).toBe(2000);
  });
});
