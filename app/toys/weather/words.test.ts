import { expect, it } from "vitest";
import { FORECASTS } from "./words";

it("has 12 distinct items", () => {
  expect(FORECASTS).toHaveLength(12);
  expect(new Set(FORECASTS.map((item) => JSON.stringify(item))).size).toBe(12);
});
