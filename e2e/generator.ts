import type { Page } from "@playwright/test";
import { expect, open } from "./fixtures";

/**
 * The shared rule of the generator toys: each press shows an item of the built-in list, never
 * repeating until the list is exhausted, then starting over, never with the item just shown.
 */
export async function checkGenerator(page: Page, path: string, button: string, count: number): Promise<void> {
  await open(page, path);
  const card = page.locator("[aria-live=polite]").first();
  const seen: string[] = [];
  for (let i = 0; i < count + 1; i++) {
    const before = await card.innerText();
    await page.getByRole("button", { name: button }).click();
    await expect(card).not.toHaveText(before);
    seen.push(await card.innerText());
  }
  expect(new Set(seen.slice(0, count)).size, "one full round without repeats").toBe(count);
  expect(seen.slice(0, count)).toContain(seen[count]);
  expect(seen[count]).not.toBe(seen[count - 1]);
  // Keyboard: the button works with Enter too.
  const before = await card.innerText();
  await page.getByRole("button", { name: button }).focus();
  await page.keyboard.press("Enter");
  await expect(card).not.toHaveText(before);
}
