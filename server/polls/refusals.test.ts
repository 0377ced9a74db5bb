import { describe, expect, it } from "vitest";
import { voteRefusal } from "./refusals.ts";

const device = "0123456789abcdef-device";

describe("which votes are refused before they are counted", () => {
  it("takes a vote for one of the five polls, one of its three answers, from a device id pages make", () => {
    for (const q of [0, 4]) for (const a of [0, 2]) expect(voteRefusal({ q, a, device })).toBeNull();
    expect(voteRefusal({ q: 0, a: 0, device: crypto.randomUUID() })).toBeNull();
  });

  it("refuses an unknown question or answer, or a malformed device id, with the reason in words", () => {
    expect(voteRefusal({ q: 5, a: 0, device })).toEqual({
      reason: "question",
      error: "There is no poll 5: the polls are numbered 0 to 4.",
    });
    expect(voteRefusal({ q: 1, a: 3, device })).toEqual({
      reason: "answer",
      error: "There is no answer 3: each poll's answers are numbered 0 to 2.",
    });
    for (const bad of ["short", "x".repeat(65), "has spaces in it, sixteen+", "semi:colon:device:id", ""]) {
      expect(voteRefusal({ q: 1, a: 1, device: bad })?.reason).toBe("device");
    }
  });

  it("never asks a refused vote to come back: it would be refused again", () => {
    expect(voteRefusal({ q: 9, a: 0, device })?.retryMs).toBeUndefined();
  });
});
