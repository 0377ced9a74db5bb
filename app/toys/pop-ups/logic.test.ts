import { describe, expect, it } from "vitest";
import { seededRandom } from "../../kit/lib/random";
import { ALERTS, clampPosition, MAX_POPUPS, NUDGE, nudge, POPUP_SIZE, spawnPopup } from "./logic";

const viewport = { width: 1000, height: 700 };

describe("popup attack", () => {
  it("has 8 alert texts and a cap", () => {
    expect(ALERTS).toHaveLength(8);
    expect(new Set(ALERTS).size).toBe(8);
    expect(MAX_POPUPS).toBeGreaterThan(5);
  });

  it("spawns popups inside the viewport with one of the texts", () => {
    const random = seededRandom(3);
    for (let i = 0; i < 300; i++) {
      const p = spawnPopup(i, viewport, random);
      expect(ALERTS).toContain(p.text);
      expect(p.x).toBeGreaterThanOrEqual(0);
      expect(p.y).toBeGreaterThanOrEqual(0);
      expect(p.x + POPUP_SIZE.width).toBeLessThanOrEqual(viewport.width);
      expect(p.y + POPUP_SIZE.height).toBeLessThanOrEqual(viewport.height);
    }
  });

  it("keeps clear of the opener button whenever there is room", () => {
    const random = seededRandom(7);
    const button = { x: 400, y: 300, width: 200, height: 60 };
    for (let i = 0; i < 300; i++) {
      const p = spawnPopup(i, viewport, random, button);
      const clear =
        p.x >= button.x + button.width ||
        p.x + POPUP_SIZE.width <= button.x ||
        p.y >= button.y + button.height ||
        p.y + POPUP_SIZE.height <= button.y;
      expect(clear).toBe(true);
    }
  });

  it("still spawns when the whole screen is the area to avoid", () => {
    const p = spawnPopup(0, viewport, seededRandom(1), { x: 0, y: 0, ...viewport });
    expect(ALERTS).toContain(p.text);
    expect(p.x + POPUP_SIZE.width).toBeLessThanOrEqual(viewport.width);
  });

  it("moves with the arrow keys and stays on screen", () => {
    expect(nudge({ x: 100, y: 100 }, "ArrowRight", viewport)).toEqual({ x: 100 + NUDGE, y: 100 });
    expect(nudge({ x: 100, y: 100 }, "ArrowUp", viewport)).toEqual({ x: 100, y: 100 - NUDGE });
    expect(nudge({ x: 0, y: 0 }, "ArrowLeft", viewport)).toEqual({ x: 0, y: 0 });
    expect(nudge({ x: 0, y: 0 }, "a", viewport)).toBeNull();
    expect(clampPosition({ x: 5000, y: -20 }, viewport)).toEqual({ x: viewport.width - POPUP_SIZE.width, y: 0 });
  });
});
