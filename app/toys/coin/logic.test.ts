import { expect, it } from "vitest";
import { FLIP_MS, flipOutcome } from "./logic";

it("flips for 2 s and always lands on 'Side'", () => {
  expect(FLIP_MS).toBe(2000);
  for (let i = 0; i < 100; i++) expect(flipOutcome()).toBe("Side");
});
