import { describe, expect, it } from "vitest";
import { REPLAY_WINDOW } from "../../contracts/claps.ts";
import { admit, type PageRecord } from "./replay-window.ts";

/** Sends `batches` in order through one page's window; the admissions. */
function run(batches: number[], start: PageRecord | null = null) {
  let record = start;
  return batches.map((batch) => {
    const result = admit(record, batch);
    record = result.record;
    return result.admission;
  });
}

describe("a page's replay window", () => {
  it("counts each batch once, in order or not", () => {
    expect(run([1, 2, 3, 2, 1, 3])).toEqual(["counted", "counted", "counted", "repeat", "repeat", "repeat"]);
    // A batch told "later" goes again after newer ones were counted: still counted, once.
    expect(run([1, 3, 4, 2, 2, 5])).toEqual(["counted", "counted", "counted", "counted", "repeat", "counted"]);
  });

  it("trusts a page it does not know to start where it says", () => {
    expect(run([900, 899, 901, 900])).toEqual(["counted", "counted", "counted", "repeat"]);
  });

  it("refuses a batch older than the window, and tells apart every one inside it", () => {
    const top = 100;
    const inside = Array.from({ length: REPLAY_WINDOW - 1 }, (_, k) => top - 1 - k);
    expect(run([top, ...inside, ...inside])).toEqual([
      "counted",
      ...inside.map(() => "counted"),
      ...inside.map(() => "repeat"),
    ]);
    expect(run([top, top - REPLAY_WINDOW])).toEqual(["counted", "stale"]);
  });

  it("keeps what it knew when the window moves a little, and forgets it when it moves past", () => {
    // 5 counted, then 8: 5 is still known (a repeat), 6 and 7 are not (counted).
    expect(run([5, 8, 5, 6, 7, 6])).toEqual(["counted", "counted", "repeat", "counted", "counted", "repeat"]);
    expect(run([5, 5 + REPLAY_WINDOW, 5])).toEqual(["counted", "counted", "stale"]);
    expect(run([1, 2 + REPLAY_WINDOW, 3])).toEqual(["counted", "counted", "counted"]);
  });

  it("stays within its numbers however far it moves", () => {
    let record: PageRecord | null = null;
    for (let batch = 1; batch < 2000; batch += 1 + (batch % 7)) {
      record = admit(record, batch).record;
      expect(record.mask).toBeLessThan(2 ** REPLAY_WINDOW);
      expect(Number.isSafeInteger(record.mask)).toBe(true);
    }
  });
});
