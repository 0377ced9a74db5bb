import { expect, it } from "vitest";
import { RECIPES } from "./words";

it("has 14 distinct items", () => {
  expect(RECIPES).toHaveLength(14);
  expect(new Set(RECIPES.map((item) => JSON.stringify(item))).size).toBe(14);
});
