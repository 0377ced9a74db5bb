import { expect, it } from "vitest";
import { changes } from "./changes";

it("tells an update that changes a field from one that changes nothing", () => {
  const sheet = { seq: 4 };
  const state = { here: 1, sheet, seenAt: null as number | null };
  expect(changes({ here: 1 }, state)).toBe(false);
  expect(changes({ here: 1, sheet }, state)).toBe(false);
  expect(changes({}, state)).toBe(false);
  expect(changes({ seenAt: null }, state)).toBe(false);
  expect(changes({ here: 2 }, state)).toBe(true);
  // A new object is a change, even with the same fields: the toys replace what they change.
  expect(changes({ sheet: { seq: 4 } }, state)).toBe(true);
  expect(changes({ here: 1, seenAt: 5 }, state)).toBe(true);
});
