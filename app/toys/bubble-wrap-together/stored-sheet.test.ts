import { expect, it } from "vitest";
import { pendingOf } from "./stored-sheet";

it("reads a tab's unconfirmed pops back untrusted: records of a sheet's pops, and nothing else", () => {
  expect(
    pendingOf([
      { sheet: 4, i: [1, 2] },
      { sheet: 5, i: [0] },
    ]),
  ).toEqual([
    { sheet: 4, i: [1, 2] },
    { sheet: 5, i: [0] },
  ]);
  // What every tab shared before: one record.
  expect(pendingOf({ sheet: 4, i: [7] })).toEqual([{ sheet: 4, i: [7] }]);
  expect(pendingOf({ sheet: 4, i: [1, -1, 2.5, "3", null, 4] })).toEqual([{ sheet: 4, i: [1, 4] }]);
  for (const junk of [null, undefined, "", 5, [], {}, { sheet: "4", i: [1] }, { sheet: 4, i: "1,2" }, [null, 7]]) {
    expect(pendingOf(junk)).toEqual([]);
  }
  expect(pendingOf({ sheet: 1, i: Array.from({ length: 20_000 }, (_, n) => n) })[0]?.i).toHaveLength(10_000);
});
