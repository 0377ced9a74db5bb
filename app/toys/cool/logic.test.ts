import { expect, it } from "vitest";
import { judge } from "./logic";

it("says NO. to everyone, with the spec's narration", () => {
  expect(judge("yes")).toEqual({ verdict: "NO.", comment: "Narrator: They were not." });
  expect(judge("no")).toEqual({ verdict: "NO.", comment: "At least you're honest. Still not cool though." });
});
