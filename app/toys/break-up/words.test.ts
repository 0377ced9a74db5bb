import { expect, it } from "vitest";
import { BREAKUP_QUOTES } from "./words";

it("has 15 distinct items", () => {
  expect(BREAKUP_QUOTES).toHaveLength(15);
  expect(new Set(BREAKUP_QUOTES.map((item) => JSON.stringify(item))).size).toBe(15);
});
