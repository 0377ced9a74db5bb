import { describe, expect, it } from "vitest";
import { isZoomJump, MAX_SCALE, MIN_SCALE, SCROLL_HEIGHT_VH, scaleFor, scrollProgress } from "./logic";

describe("potato zoom", () => {
  it("zooms from 1 to 100 over 500vh", () => {
    expect([MIN_SCALE, MAX_SCALE, SCROLL_HEIGHT_VH]).toEqual([1, 100, 500]);
    expect(scaleFor(0)).toBe(1);
    expect(scaleFor(1)).toBeCloseTo(100);
    expect(scaleFor(0.5)).toBeCloseTo(10);
    expect(scaleFor(-3)).toBe(1);
    expect(scaleFor(7)).toBeCloseTo(100);
  });

  it("grows steadily as the visitor scrolls", () => {
    let last = 0;
    for (let p = 0; p <= 1; p += 0.05) {
      const s = scaleFor(p);
      expect(s).toBeGreaterThan(last);
      last = s;
    }
  });

  it("measures progress through the section", () => {
    expect(scrollProgress(0, 100, 5000, 1000)).toBe(0);
    expect(scrollProgress(100 + 2000, 100, 5000, 1000)).toBe(0.5);
    expect(scrollProgress(99_999, 100, 5000, 1000)).toBe(1);
    expect(scrollProgress(50, 0, 800, 1000)).toBe(0);
  });

  it("tells a jump (End, Page Down) from a step (a wheel notch), either way", () => {
    expect(isZoomJump(1, 100)).toBe(true);
    expect(isZoomJump(100, 1)).toBe(true);
    expect(isZoomJump(1, scaleFor(0.22))).toBe(true); // Page Down on a 700px window
    expect(isZoomJump(scaleFor(0.5), scaleFor(0.536))).toBe(false); // 100px of a 2800px zoom
    expect(isZoomJump(1, 1)).toBe(false);
  });
});
