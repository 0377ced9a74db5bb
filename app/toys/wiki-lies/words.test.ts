import { expect, it } from "vitest";
import { FACTS } from "./words";

it("has 10 distinct items", () => {
  expect(FACTS).toHaveLength(10);
  expect(new Set(FACTS.map((item) => JSON.stringify(item))).size).toBe(10);
});
