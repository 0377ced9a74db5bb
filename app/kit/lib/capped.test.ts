import { expect, it } from "vitest";
import { appendCapped } from "./capped";

it("appends and keeps only the newest items", () => {
  expect(appendCapped([1, 2], 3, 5)).toEqual([1, 2, 3]);
  expect(appendCapped([1, 2, 3], 4, 3)).toEqual([2, 3, 4]);
  const original = [1];
  appendCapped(original, 2, 1);
  expect(original).toEqual([1]);
});
