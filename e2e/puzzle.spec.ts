import { MISFITS, SLOTS } from "../app/toys/puzzle/logic";
import { expect, open, test } from "./fixtures";

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
});
