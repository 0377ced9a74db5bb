import type { Page } from "@playwright/test";
import { expect, open, settle, test } from "./fixtures";
import { stubClipboardOnly } from "./share-stubs";

/** Opens the home page one click away from a milestone, and triggers its toast. */
async function showToast(page: Page) {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.addInitScript(() => localStorage.setItem("personalUselessClicks", "9"));
  await open(page, "/");
  await page.getByRole("main").getByRole("button").first().click();
  const toast = page.locator(".toast");
  await expect(toast).toBeVisible();
  return toast;
}

test.describe("toasts", () => {
  test("F8 moves focus to the notifications", async ({ page }) => {
    await showToast(page);
    await page.keyboard.press("F8");
    const region = page.getByRole("region", { name: /Notifications/ });
    await expect(region).toHaveCount(1);
    expect(await region.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  });

  test("can be closed with its close button", async ({ page }) => {
    const toast = await showToast(page);
    await toast.getByRole("button", { name: "Dismiss notification" }).click();
    await expect(toast).toBeHidden();
  });

  async function swipe(page: Page, distance: number) {
    const box = await page.locator(".toast").boundingBox();
    if (!box) throw new Error("no toast");
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + 20, y);
    await page.mouse.down();
    for (let dx = 5; dx <= distance; dx += 5) await page.mouse.move(box.x + 20 + dx, y);
    await page.mouse.up();
  }

  test("a swipe shorter than 50px leaves it; a longer one dismisses it", async ({ page }) => {
    const toast = await showToast(page);
    await swipe(page, 40);
    await settle(page);
    await expect(toast).toBeVisible();
    await swipe(page, 80);
    await expect(toast).toBeHidden();
  });

  test("on a phone, the toast does not hide the button the keyboard just pressed", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await stubClipboardOnly(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await open(page, "/hotdog");
    const share = page.getByRole("button", { name: "Share today's hotdog" });
    const at = await share.boundingBox();
    if (!at) throw new Error("no Share button");
    // The screen ends 20 px under the button, where the toast lands at the foot of the screen.
    await page.setViewportSize({ width: 390, height: Math.ceil(at.y + at.height + 20) });
    await share.focus();
    await page.keyboard.press("Enter");
    const toast = page.locator(".toast");
    await expect(toast).toContainText("Copied to your clipboard");
    await settle(page);
    const [button, shown] = await Promise.all([share.boundingBox(), toast.boundingBox()]);
    if (!button || !shown) throw new Error("nothing to measure");
    await expect(share).toBeFocused();
    expect(shown.y + shown.height, "the toast ends above the focused button").toBeLessThanOrEqual(button.y);
  });

  test("elsewhere it stays at the foot of the screen", async ({ page }) => {
    const toast = await showToast(page);
    await settle(page);
    const shown = await toast.boundingBox();
    const height = page.viewportSize()?.height ?? 0;
    expect(shown && shown.y + shown.height).toBeGreaterThan(height - 40);
  });
});
