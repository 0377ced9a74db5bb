import { lowContrast } from "./contrast";
import { expect, open, test } from "./fixtures";

/**
 * The route-wide contrast check (e2e/contrast.ts) stands in for axe's own contrast rule there: it
 * finds what that rule found, a text node and a form control's shown text alike, painted too pale
 * on the white they are written on.
 */
test("the pixel contrast check finds a field's pale value and a select's pale choice", async ({ page }) => {
  await open(page, "/uwu");
  await expect.poll(() => lowContrast(page)).toEqual([]);
  const field = page.getByRole("textbox");
  await field.fill("hello friend");
  await field.evaluate((element) => {
    element.style.setProperty("color", "#d4d4d4", "important");
  });
  expect((await lowContrast(page)).map(({ text, needs }) => ({ text, needs }))).toEqual([
    { text: "hello friend", needs: 4.5 },
  ]);

  await open(page, "/aura");
  const select = page.getByLabel("Your zodiac sign");
  await select.selectOption("Scorpio");
  expect(await lowContrast(page)).toEqual([]);
  await select.evaluate((element) => {
    element.style.setProperty("color", "#d4d4d4", "important");
  });
  expect((await lowContrast(page)).map(({ text }) => text)).toEqual(["♏ Scorpio"]);
});
