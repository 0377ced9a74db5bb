import { describe, expect, it } from "vitest";
import { nextPoll, THANKS_MS } from "./logic";
import { POLLS } from "./words";

describe("pointless polls", () => {
  it("has five questions with three answers each", () => {
    expect(POLLS).toHaveLength(5);
    for (const poll of POLLS) expect(new Set(poll.a).size).toBe(3);
  });

  it("cycles through the questions", () => {
    expect([0, 1, 2, 3, 4].map((i) => nextPoll(i, 5))).toEqual([1, 2, 3, 4, 0]);
  });

  // How long the page shows it, on a clock the test moves: e2e/polls.spec.ts.
  it("sets the thanks to last the spec's 1.5 s", () => {
    expect(THANKS_MS).toBe(1500);
  });
});
