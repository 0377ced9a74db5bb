import { expect, open, test } from "./fixtures";

test.describe("Bad Name Pronouncer", () => {
  test("speaks the name at pitch 0.1 and rate 0.2", async ({ page }) => {
    await page.addInitScript(() => {
      const spoken: { text: string; pitch: number; rate: number }[] = [];
      (window as unknown as { __spoken: typeof spoken }).__spoken = spoken;
      class Utterance {
        pitch = 1;
        rate = 1;
        constructor(public text: string) {}
      }
      Object.defineProperty(window, "SpeechSynthesisUtterance", { value: Utterance, configurable: true });
      Object.defineProperty(window, "speechSynthesis", {
        configurable: true,
        value: { speak: (u: Utterance) => spoken.push({ text: u.text, pitch: u.pitch, rate: u.rate }), cancel() {} },
      });
    });
    await open(page, "/name");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Bad Name Pronouncer");
    const input = page.getByPlaceholder("Enter a name");
    await input.fill("Gwendolyn");
    await page.getByRole("button", { name: "Pronounce It" }).click();
    expect(await page.evaluate(() => (window as unknown as { __spoken: unknown[] }).__spoken)).toEqual([
      { text: "Gwendolyn", pitch: 0.1, rate: 0.2 },
    ]);
    await expect(page.getByRole("status")).toContainText("Gwendolyn");
    await input.fill("Bob");
    await input.press("Enter");
    expect(await page.evaluate(() => (window as unknown as { __spoken: unknown[] }).__spoken)).toHaveLength(2);
  });

  test("says so kindly where speech synthesis is missing", async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(window, "speechSynthesis", { value: undefined, configurable: true });
      Object.defineProperty(window, "SpeechSynthesisUtterance", { value: undefined, configurable: true });
    });
    await open(page, "/name");
    await page.getByPlaceholder("Enter a name").fill("Ann");
    await page.getByRole("button", { name: "Pronounce It" }).click();
    await expect(page.getByRole("status")).toContainText("can't speak");
  });

  test("asks for a name before speaking", async ({ page }) => {
    await open(page, "/name");
    await page.getByRole("button", { name: "Pronounce It" }).click();
    await expect(page.getByRole("status")).toContainText("Type a name first");
  });
});
