import { describe, expect, it } from "vitest";
import { toastPlace } from "./placement";

// A phone: 390 x 844, the toast area 102 px tall across the screen (as measured on /hotdog).
const toast = { height: 102, left: 0, right: 390 };
const box = (top: number, bottom: number, left = 100, right = 290) => ({ top, bottom, left, right });

describe("toastPlace", () => {
  it("is the foot of the screen when nothing has focus", () => {
    expect(toastPlace(null, toast, 844)).toBe("bottom");
  });

  it("is the foot of the screen when the focused element is clear of it", () => {
    expect(toastPlace(box(300, 344), toast, 844)).toBe("bottom");
    expect(toastPlace(box(700, 742), toast, 844)).toBe("bottom"); // ends exactly where the toast starts
  });

  it("moves to the top when the toast would hide the focused element (a Share button at 742-786)", () => {
    expect(toastPlace(box(742, 786), toast, 844)).toBe("top");
    expect(toastPlace(box(800, 900), toast, 844)).toBe("top"); // partly off screen, still under it
  });

  it("stays at the foot when the focused element is beside the toast (a desktop's right-hand toast)", () => {
    const desktop = { height: 102, left: 896, right: 1280 };
    expect(toastPlace(box(742, 786, 500, 700), desktop, 800)).toBe("bottom");
    expect(toastPlace(box(742, 786, 800, 1000), desktop, 800)).toBe("top");
  });

  it("stays at the foot when the top would hide the focused element too (a tall play area)", () => {
    expect(toastPlace(box(40, 800), toast, 844)).toBe("bottom");
  });
});
