import { describe, expect, it } from "vitest";
import type { Counts } from "../../../contracts/polls";
import {
  answerLine,
  barShare,
  countsAfter,
  mergeCounts,
  nextPoll,
  parseBallots,
  percentText,
  resultSentence,
  serializeBallots,
  THANKS_MS,
} from "./logic";
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

describe("everyone's results in words", () => {
  const socks = POLLS[3]?.a ?? [];

  it("says how many chose the same answer, quoting it exactly", () => {
    expect(resultSentence(socks, [5061, 4000, 3284], 0, false)).toBe(
      "You and 41% of 12,345 voters picked 'Obviously'.",
    );
    expect(resultSentence(POLLS[0]?.a ?? [], [1, 1, 2], 2, false)).toBe(
      "You and 50% of 4 voters picked 'It's a taco, wake up'.",
    );
  });

  it("says it well for the first voter, a lone choice, everyone, and shares that round to 0 or 100", () => {
    expect(resultSentence(socks, [0, 1, 0], 1, false)).toBe(
      "You are the first to vote on this one, and you picked 'Absolutely not'.",
    );
    expect(resultSentence(socks, [0, 0, 2], 2, false)).toBe(
      "All 2 voters so far, you included, picked 'Only left socks'.",
    );
    expect(resultSentence(socks, [1, 11, 0], 0, false)).toBe("Only you picked 'Obviously': 1 of 12 voters (8%).");
    expect(resultSentence(socks, [3, 997, 0], 0, false)).toBe(
      "You and less than 1% of 1,000 voters picked 'Obviously'.",
    );
    expect(resultSentence(socks, [999, 1, 0], 0, false)).toBe(
      "You and more than 99% of 1,000 voters picked 'Obviously'.",
    );
  });

  it("says so when the device's earlier vote is the one that stands", () => {
    expect(resultSentence(socks, [2, 2, 0], 1, true)).toBe(
      "You voted on this one before, so that vote stands. You and 50% of 4 voters picked 'Absolutely not'.",
    );
  });

  it("never claims a vote the counts do not hold", () => {
    expect(resultSentence(socks, [0, 7, 0], 0, false)).toBe(
      "Your vote for 'Obviously' is not in the count yet (7 votes so far).",
    );
  });

  it("gives each answer a line a screen reader reads whole", () => {
    expect(answerLine("Obviously", 5061, 12_345)).toBe("Obviously: 41%, 5,061 votes");
    expect(answerLine("Tap water", 1, 3)).toBe("Tap water: 33%, 1 vote");
    expect(answerLine("Disappointment", 0, 0)).toBe("Disappointment: 0%, 0 votes");
  });

  it.each([
    [0, 0, "0%"],
    [0, 9, "0%"],
    [9, 9, "100%"],
    [1, 3, "33%"],
    [2, 3, "67%"],
    [1, 201, "less than 1%"],
    [1, 200, "1%"],
    [200, 201, "more than 99%"],
  ])("reads %d of %d as %s", (count, total, text) => {
    expect(percentText(count, total)).toBe(text);
  });

  it("draws each bar as the answer's share of the votes", () => {
    expect(barShare(1, 4)).toBe(0.25);
    expect(barShare(0, 0)).toBe(0);
  });
});

describe("the counts the page shows", () => {
  it("replaces its counts whole with a reading of other data (the store lost its votes), and keeps the larger of one data's", () => {
    const before: Counts[] = Array.from({ length: 5 }, (): Counts => [40, 50, 60]);
    const lost: Counts[] = Array.from({ length: 5 }, (): Counts => [0, 1, 0]);
    expect(countsAfter({ counts: before, gen: "aaaaaaaa" }, { counts: lost, gen: "bbbbbbbb" })).toEqual(lost);
    expect(countsAfter({ counts: before, gen: "aaaaaaaa" }, { counts: lost, gen: "aaaaaaaa" })).toEqual(before);
    // A server of an earlier build names no data: the larger, as before.
    expect(countsAfter({ counts: before, gen: "aaaaaaaa" }, { counts: lost })).toEqual(before);
    expect(countsAfter({ counts: null, gen: undefined }, { counts: lost, gen: "bbbbbbbb" })).toEqual(lost);
  });

  it("keeps the larger of two readings of each count, whatever order they come in", () => {
    const older: Counts[] = [
      [1, 2, 3],
      [0, 0, 0],
      [5, 5, 5],
      [0, 0, 1],
      [9, 0, 0],
    ];
    const newer: Counts[] = [
      [1, 3, 3],
      [1, 0, 0],
      [5, 5, 5],
      [0, 0, 1],
      [9, 0, 0],
    ];
    expect(mergeCounts(older, newer)).toEqual(newer);
    expect(mergeCounts(newer, older)).toEqual(newer);
    expect(mergeCounts(null, older)).toEqual(older);
  });
});

describe("this device's votes in storage", () => {
  it("reads back what it wrote", () => {
    const ballots = [
      { a: 2, confirmed: true, earlier: true },
      null,
      { a: 0, confirmed: false, earlier: false },
      null,
      null,
    ];
    expect(parseBallots(serializeBallots(ballots))).toEqual([
      { a: 2, confirmed: true, earlier: false },
      null,
      { a: 0, confirmed: false, earlier: false },
      null,
      null,
    ]);
  });

  it.each([
    null,
    undefined,
    "",
    "garbage",
    "{}",
    "[1,2,3]",
    JSON.stringify([[3, 1], null, null, null, null]),
    JSON.stringify([[1.5, 1], null, null, null, null]),
    JSON.stringify([[1, 2], null, null, null, null]),
    JSON.stringify([["1", 1], null, null, null, null]),
  ])("reads %j as no votes where it is not one", (text) => {
    expect(parseBallots(text)[0]).toBeNull();
    expect(parseBallots(text)).toHaveLength(5);
  });
});
