import { describe, expect, it } from "vitest";
import { seededRandom } from "../../kit/lib/random";
import { CORRECT_INDEX, feedbackFor, LABELS, questionOrder, TRIVIA_TOAST_MS } from "./logic";
import { TRIVIA } from "./words";

describe("trivia time", () => {
  it("has 10 questions with four answers labelled A to D", () => {
    expect(TRIVIA).toHaveLength(10);
    for (const item of TRIVIA) expect(item.a).toHaveLength(4);
    expect(LABELS).toEqual(["A", "B", "C", "D"]);
  });

  it("C is correct, everything else is wrong, for 2 s", () => {
    expect(LABELS[CORRECT_INDEX]).toBe("C");
    expect(feedbackFor(2)).toEqual({ title: "Correct!", description: "Wow, you're a genius!", variant: "default" });
    for (const i of [0, 1, 3]) {
      expect(feedbackFor(i)).toEqual({
        title: "Wrong!",
        description: "The correct answer was C. Obviously.",
        variant: "destructive",
      });
    }
    expect(TRIVIA_TOAST_MS).toBe(2000);
  });

  it("shuffles the question order, keeping every question once", () => {
    const order = questionOrder(10, seededRandom(3));
    expect([...order].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(order).not.toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });
});
