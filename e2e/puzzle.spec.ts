import { KEY_STEP, MISFITS, SLOTS, STARTS } from "../app/toys/puzzle/logic";
import { expect, open, settle, test } from "./fixtures";

const positionOf = async (page: import("@playwright/test").Page, piece: number) => {
  const style = (await page.locator(`[data-piece="${piece}"]`).getAttribute("style")) ?? "";
  const m = /translate\((-?[\d.]+)px, (-?[\d.]+)px\)/.exec(style);
  return { x: Number(m?.[1]), y: Number(m?.[2]) };
};

test.describe("Impossible Puzzle", () => {
  test("four pieces, dragged to their slot, that never quite fit", async ({ page }) => {
    await open(page, "/puzzle");
    await expect(page.locator("[data-piece]")).toHaveCount(4);
    const piece = page.locator('[data-piece="1"]');
    const from = await positionOf(page, 1);
    const box = await piece.boundingBox();
    if (!box) throw new Error("no piece");
    const slot = SLOTS[0] ?? { x: 0, y: 0 };
    await page.mouse.move(box.x + 30, box.y + 30);
    await page.mouse.down();
    await page.mouse.move(box.x + 30 + (slot.x - from.x) + 5, box.y + 30 + (slot.y - from.y) - 4, { steps: 8 });
    await page.mouse.up();
    const at = await positionOf(page, 1);
    expect(at).toEqual({ x: slot.x + (MISFITS[0]?.x ?? 0), y: slot.y + (MISFITS[0]?.y ?? 0) });
    await expect(page.getByRole("status")).toContainText("almost fits");
  });

  test("arrow keys move a piece and Enter drops it", async ({ page }) => {
    await open(page, "/puzzle");
    const piece = page.getByRole("button", { name: /Piece 2/ });
    await piece.focus();
    const from = await positionOf(page, 2);
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("ArrowLeft");
    expect(await positionOf(page, 2)).toEqual({ x: from.x - 10, y: from.y - 10 });
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status")).toContainText("nowhere near");
  });

  test("keyboard: a piece arrowed next to its slot and dropped with Enter lands almost there, never exactly", async ({
    page,
  }) => {
    await open(page, "/puzzle");
    for (let i = 0; i < 4; i++) {
      const n = i + 1;
      const slot = SLOTS[i] ?? { x: 0, y: 0 };
      const start = STARTS[i] ?? { x: 0, y: 0 };
      const misfit = MISFITS[i] ?? { x: 0, y: 0 };
      await page.getByRole("button", { name: new RegExp(`^Piece ${n},`) }).focus();
      // As close to the slot as whole arrow steps get.
      const steps = { x: Math.round((slot.x - start.x) / KEY_STEP), y: Math.round((slot.y - start.y) / KEY_STEP) };
      for (let s = 0; s < Math.abs(steps.x); s++) await page.keyboard.press(steps.x > 0 ? "ArrowRight" : "ArrowLeft");
      for (let s = 0; s < Math.abs(steps.y); s++) await page.keyboard.press(steps.y > 0 ? "ArrowDown" : "ArrowUp");
      const near = { x: start.x + steps.x * KEY_STEP, y: start.y + steps.y * KEY_STEP };
      expect(await positionOf(page, n)).toEqual(near);
      expect(Math.hypot(near.x - slot.x, near.y - slot.y)).toBeLessThan(KEY_STEP);
      await page.keyboard.press("Enter");
      await expect(page.getByRole("status")).toHaveText(`Piece ${n} almost fits. Almost. So close. Not quite.`);
      expect(await positionOf(page, n)).toEqual({ x: slot.x + misfit.x, y: slot.y + misfit.y });
      // Enter again, right where it landed: still almost.
      await page.keyboard.press("Enter");
      expect(await positionOf(page, n)).toEqual({ x: slot.x + misfit.x, y: slot.y + misfit.y });
    }
    for (let i = 0; i < 4; i++) expect(await positionOf(page, i + 1)).not.toEqual(SLOTS[i]);
  });
});

test.describe("Impossible Puzzle on a touch screen", () => {
  test.use({ hasTouch: true });

  test("a drag the system cancels ends there: the piece stops following any pointer", async ({ page }) => {
    await open(page, "/puzzle");
    const piece = page.locator('[data-piece="2"]');
    const box = await piece.boundingBox();
    if (!box) throw new Error("no piece");
    const from = await positionOf(page, 2);
    const cdp = await page.context().newCDPSession(page);
    const x = Math.round(box.x + 30);
    const y = Math.round(box.y + 30);
    await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x, y }] });
    await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x: x + 20, y: y - 20 }] });
    await expect.poll(() => positionOf(page, 2)).toEqual({ x: from.x + 20, y: from.y - 20 });
    await cdp.send("Input.dispatchTouchEvent", { type: "touchCancel", touchPoints: [] });
    // A mouse passing over the piece afterwards must not drag it along.
    await page.mouse.move(x + 25, y - 15);
    await page.mouse.move(x + 60, y + 10, { steps: 4 });
    await settle(page);
    expect(await positionOf(page, 2)).toEqual({ x: from.x + 20, y: from.y - 20 });
    await expect(page.getByRole("status")).toHaveText("");
  });
});
