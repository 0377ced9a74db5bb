import type { Locator, Page } from "@playwright/test";
import { ALERTS, MAX_POPUPS, NUDGE } from "../app/toys/pop-ups/logic";
import { animationsFinished, axeViolations, expect, open, settle, test } from "./fixtures";

/** A popup's position, from its transform (its box is scaled while it bounces in). */
async function positionOf(dialog: Locator) {
  const style = (await dialog.getAttribute("style")) ?? "";
  const m = /translate\((-?[\d.]+)px, (-?[\d.]+)px\)/.exec(style);
  return { x: Number(m?.[1]), y: Number(m?.[2]) };
}

/** Popups spawn mid-screen, so moving one is never cut short by the edge of the viewport. */
async function spawnMidScreen(page: Page) {
  await page.addInitScript(() => {
    Math.random = () => 0.5;
  });
}

test.describe("Popup Attack", () => {
  test("each click opens another popup with one of the 8 alerts; popups close", async ({ page }) => {
    await open(page, "/pop-ups");
    await page.getByRole("button", { name: "Click me. What could go wrong?" }).click();
    for (let i = 0; i < 2; i++) await page.getByRole("button", { name: "Open another popup" }).click();
    const dialogs = page.getByRole("dialog");
    await expect(dialogs).toHaveCount(3);
    for (const text of await dialogs.locator("p").allInnerTexts()) expect(ALERTS).toContain(text);
    await page.getByRole("button", { name: "Close alert 3" }).click();
    await expect(dialogs).toHaveCount(2);
    // OK is no escape: it opens yet another popup. (Popups overlap; the newest, focused one is on top.)
    await dialogs.last().getByRole("button", { name: "OK" }).click();
    await expect(dialogs).toHaveCount(3);
  });

  test("a popup can be dragged by its title bar", async ({ page }) => {
    await spawnMidScreen(page);
    await open(page, "/pop-ups");
    await page.getByRole("button", { name: /Click me/ }).click();
    const dialog = page.getByRole("dialog");
    const title = dialog.getByRole("heading");
    await animationsFinished(dialog); // it bounces in
    const before = await positionOf(dialog);
    const grip = await title.boundingBox();
    if (!grip) throw new Error("no popup");
    await page.mouse.move(grip.x + 5, grip.y + 5);
    await page.mouse.down();
    await page.mouse.move(grip.x - 40, grip.y + 60, { steps: 5 });
    await page.mouse.up();
    const after = await positionOf(dialog);
    expect(after.x - before.x).toBeCloseTo(-45, 0);
    expect(after.y - before.y).toBeCloseTo(55, 0);
  });

  test("keyboard: a new popup takes focus, arrows move it, Escape closes it and focus returns", async ({ page }) => {
    await spawnMidScreen(page);
    await open(page, "/pop-ups");
    const opener = page.getByRole("button", { name: /Click me/ });
    await opener.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeFocused();
    const before = await positionOf(dialog);
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowLeft");
    const after = await positionOf(dialog);
    expect(after.y - before.y).toBe(NUDGE);
    expect(after.x - before.x).toBe(-NUDGE);
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Open another popup" })).toBeFocused();
  });

  test(`stops at ${MAX_POPUPS} popups`, async ({ page }) => {
    await open(page, "/pop-ups");
    const opener = page.getByRole("button", { name: /Click me/ });
    await opener.evaluate((el) => {
      for (let i = 0; i < 100; i++) (el as HTMLButtonElement).click();
    });
    await expect(page.getByRole("dialog")).toHaveCount(MAX_POPUPS);
    await expect(page.getByText(/That's the limit/)).toBeVisible();
  });

  test("no axe violations with several popups open", async ({ page }) => {
    await open(page, "/pop-ups");
    await page.getByRole("button", { name: /Click me/ }).click();
    for (let i = 0; i < 3; i++) await page.getByRole("button", { name: "Open another popup" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(4);
    await expect(page.getByRole("status")).toHaveText("4 popups open.");
    await animationsFinished(page.getByRole("dialog")); // they bounce in
    expect(await axeViolations(page)).toEqual([]);
  });
});

test.describe("Popup Attack on a touch screen", () => {
  test.use({ hasTouch: true });

  test("a drag the system cancels ends there: the popup stops following any pointer", async ({ page }) => {
    await spawnMidScreen(page);
    await open(page, "/pop-ups");
    await page.getByRole("button", { name: /Click me/ }).click();
    const dialog = page.getByRole("dialog");
    await animationsFinished(dialog); // it bounces in
    const before = await positionOf(dialog);
    const grip = await dialog.getByRole("heading").boundingBox();
    if (!grip) throw new Error("no popup");
    const cdp = await page.context().newCDPSession(page);
    const x = Math.round(grip.x + 5);
    const y = Math.round(grip.y + 5);
    await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x, y }] });
    await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x: x + 30, y: y + 20 }] });
    await expect.poll(() => positionOf(dialog)).toEqual({ x: before.x + 30, y: before.y + 20 });
    await cdp.send("Input.dispatchTouchEvent", { type: "touchCancel", touchPoints: [] });
    // A mouse passing over the title bar afterwards must not drag the popup along.
    await page.mouse.move(x + 35, y + 22);
    await page.mouse.move(x + 80, y + 60, { steps: 4 });
    await settle(page);
    expect(await positionOf(dialog)).toEqual({ x: before.x + 30, y: before.y + 20 });
  });
});
