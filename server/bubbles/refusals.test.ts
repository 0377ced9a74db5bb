import { describe, expect, it } from "vitest";
import { popRefusal, SHEET_FINISHED, tooFast } from "./refusals.ts";

const sheet = { sheet: 3, size: 24 };

describe("which pops are refused", () => {
  it("lets pops on the current sheet through to the rate limit", () => {
    expect(popRefusal(sheet, { sheet: 3, i: [0, 23] })).toBeNull();
  });

  it("asks pops to wait while the sheet is not loaded, and when they come too fast", () => {
    expect(popRefusal(null, { sheet: 3, i: [1] })).toMatchObject({ retryMs: 1000 });
    expect(tooFast(1500.2)).toEqual({
      reason: "rate",
      error: "Nobody pops that fast. Slow down a little.",
      retryMs: 1501,
    });
  });

  it("refuses for good pops for a finished sheet or off this one", () => {
    expect(popRefusal(sheet, { sheet: 2, i: [1] })).toEqual({ reason: "finished", error: SHEET_FINISHED });
    expect(popRefusal(sheet, { sheet: 3, i: [24] })).toEqual({
      reason: "off-sheet",
      error: "There are only 24 bubbles on this sheet.",
    });
  });
});
