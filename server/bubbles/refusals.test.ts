import { describe, expect, it } from "vitest";
import { popRefusal, SHEET_FINISHED } from "./refusals.ts";

const sheet = { sheet: 3, size: 24 };

describe("which pops are refused", () => {
  it("lets pops on the current sheet through, taking them from the rate limit", () => {
    let taken = 0;
    const take = () => {
      taken++;
      return 0;
    };
    expect(popRefusal(sheet, { sheet: 3, i: [0, 23] }, take)).toBeNull();
    expect(taken).toBe(1);
  });

  it("asks pops to wait while the sheet is not loaded, and when they come too fast", () => {
    expect(popRefusal(null, { sheet: 3, i: [1] }, () => 0)).toMatchObject({ retryMs: 1000 });
    expect(popRefusal(sheet, { sheet: 3, i: [1] }, () => 2)).toEqual({
      error: "Nobody pops that fast. Slow down a little.",
      retryMs: 2000,
    });
  });

  it("refuses for good pops for a finished sheet or off this one, without using the rate limit", () => {
    const limit = () => {
      throw new Error("the rate limit was asked");
    };
    expect(popRefusal(sheet, { sheet: 2, i: [1] }, limit)).toEqual({ error: SHEET_FINISHED });
    expect(popRefusal(sheet, { sheet: 3, i: [24] }, limit)).toEqual({
      error: "There are only 24 bubbles on this sheet.",
    });
  });
});
