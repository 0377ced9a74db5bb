import { EMOTICONS } from "../app/toys/uwu/logic";
import { expect, open, test } from "./fixtures";

test.describe("UwU Translator", () => {
  test("translates by the rules", async ({ page }) => {
    await open(page, "/uwu");
    await page.getByLabel("Your serious text").fill("I love really nice Rain!");
    await page.getByRole("button", { name: "Translate" }).click();
    const output = page.locator("output");
    // The translation is written a moment after the press, its emoticon too: waited for until
    // something follows "Wain" (a fresh clone's run once read its innerText, right after its start
    // matched, without the emoticon), then the whole text is one of them in place of the "!".
    await expect(output).toHaveText(/^I wuv weawwy nyice Wain\S+$/);
    const text = await output.textContent();
    expect(EMOTICONS.map((e) => `I wuv weawwy nyice Wain${e}`)).toContain(text);
  });

  test("hostile text stays text", async ({ page }) => {
    await open(page, "/uwu");
    await page.getByLabel("Your serious text").fill(`<img src=x onerror="window.__pwned=1">`);
    await page.getByRole("button", { name: "Translate" }).click();
    await expect(page.locator("output")).toHaveText(`<img swc=x onyewwow="window.__pwnyed=1">`);
    expect(await page.locator("output img").count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  });

  test("an empty translation gets a friendly message, with the keyboard", async ({ page }) => {
    await open(page, "/uwu");
    await page.getByLabel("Your serious text").focus();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await expect(page.locator("output")).toContainText("Nothing to translate");
  });
});

test.describe("UwU Translator with 200 KB", () => {
  const sample = "Hello! I really love the lovely rain. ";
  const text = sample.repeat(Math.ceil((200 * 1024) / sample.length));

  async function translateLongText(page: import("@playwright/test").Page) {
    await open(page, "/uwu");
    await page.getByLabel("Your serious text").fill(text);
    await page.getByRole("button", { name: "Translate" }).click();
  }

  test("shows the translation, announces its length, and copies the whole of it", async ({ page }) => {
    await page.addInitScript(() => {
      const copied: string[] = [];
      (window as unknown as { __copied: string[] }).__copied = copied;
      Object.defineProperty(navigator, "clipboard", {
        configurable: true,
        value: { writeText: async (value: string) => void copied.push(value) },
      });
    });
    await translateLongText(page);
    const output = page.locator("output");
    await expect(output).toContainText("Hewwo");
    await expect(page.getByRole("status").filter({ hasText: /^Translated [\d,]+ characters\.$/ })).toHaveCount(1);
    await expect(output).toHaveAttribute("aria-live", "off");
    await page.getByRole("button", { name: "Copy the whole translation" }).click();
    await expect(page.locator(".toast")).toContainText("Copied");
    const copied = await page.evaluate(() => (window as unknown as { __copied: string[] }).__copied);
    expect(copied).toHaveLength(1);
    expect(copied[0]?.length).toBeGreaterThan(200 * 1024);
    expect(copied[0]).not.toContain("!");
    // The page holds the whole translation too, block after block, character for character.
    expect(await output.evaluate((el) => el.textContent)).toBe(copied[0]);
  });

  test("without clipboard access, the translation is selected for Ctrl+C", async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(navigator, "clipboard", {
        configurable: true,
        value: { writeText: () => Promise.reject(new DOMException("Denied", "NotAllowedError")) },
      });
    });
    await translateLongText(page);
    await page.getByRole("button", { name: "Copy the whole translation" }).click();
    await expect(page.locator(".toast")).toContainText("press Ctrl+C");
    const selected = await page.evaluate(() => window.getSelection()?.toString().length ?? 0);
    expect(selected).toBeGreaterThan(200 * 1024);
  });
});
