import { expect, it } from "vitest";
import { RAPS } from "./words";

it("has 14 distinct items", () => {
  expect(RAPS).toHaveLength(14);
  expect(new Set(RAPS.map((item) => JSON.stringify(item))).size).toBe(14);
});
