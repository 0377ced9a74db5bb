import { describe, expect, it } from "vitest";
import { jitteredDelay, retryDelay } from "./retry";

describe("retryDelay", () => {
  it("doubles from two seconds to at most 32, shortened by up to a fifth", () => {
    expect([1, 2, 3, 4, 5, 6, 9].map((n) => retryDelay(n, () => 0))).toEqual([
      2000, 4000, 8000, 16_000, 32_000, 32_000, 32_000,
    ]);
    expect(retryDelay(1, () => 1)).toBe(1600);
    expect(retryDelay(0, () => 0)).toBe(2000);
  });
});

describe("jitteredDelay", () => {
  it("is anywhere in a window that doubles from a second to at most thirty", () => {
    expect([1, 2, 3, 5, 6, 9].map((n) => jitteredDelay(n, { random: () => 1 }))).toEqual([
      1000, 2000, 4000, 16_000, 30_000, 30_000,
    ]);
    expect(jitteredDelay(3, { random: () => 0 })).toBe(0);
    expect(jitteredDelay(3, { random: () => 0.5 })).toBe(2000);
  });

  it("spreads over the server's own window when it asked for a longer one", () => {
    expect(jitteredDelay(1, { random: () => 0.5, atLeast: 5000 })).toBe(2500);
    expect(jitteredDelay(9, { random: () => 0.5, atLeast: 5000 })).toBe(15_000);
  });
});
