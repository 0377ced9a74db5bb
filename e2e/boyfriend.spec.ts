import { REPLIES } from "../app/toys/boyfriend/words";
import { expect, open, test } from "./fixtures";
import { installPausedClock, pauseClock } from "./timers";

test.describe("AI Boyfriend", () => {
  test("says 'Heyyyy~' first and answers one second after each message", async ({ page }) => {
    await page.clock.install();
    await open(page, "/boyfriend");
    await pauseClock(page);
    const log = page.getByRole("log", { name: "Chat" });
    const messages = log.getByRole("listitem");
    await expect(messages).toHaveCount(1);
    await expect(messages.first()).toContainText("Heyyyy~");

    const input = page.getByLabel("Message");
    await input.fill("I made you a sandwich");
    await input.press("Enter");
    await expect(messages).toHaveCount(2);
    await expect(messages.nth(1)).toContainText("I made you a sandwich");
    await expect(input).toHaveValue("");
    await expect(page.getByText("typing…")).toBeVisible();
    await page.clock.runFor(999);
    await expect(messages).toHaveCount(2);
    await page.clock.runFor(2);
    await expect(messages).toHaveCount(3);
    const reply = ((await messages.nth(2).textContent()) ?? "").replace(/^Chad 2\.0: /, "");
    expect(REPLIES).toContain(reply);

    await input.fill("with the Send button");
    await page.getByRole("button", { name: "Send" }).click();
    await expect(messages).toHaveCount(4);
  });

  test("the log scrolls to the newest message once it overflows", async ({ page }) => {
    await installPausedClock(page);
    await open(page, "/boyfriend");
    const log = page.getByRole("log", { name: "Chat" });
    const input = page.getByLabel("Message");
    for (let i = 1; i <= 8; i++) {
      await input.fill(`Message number ${i}, just checking you are still there`);
      await input.press("Enter");
      await page.clock.runFor(1001);
    }
    await expect(log.getByRole("listitem")).toHaveCount(17);
    const overflow = await log.evaluate((el) => el.scrollHeight - el.clientHeight);
    expect(overflow).toBeGreaterThan(200);
    await expect
      .poll(() => log.evaluate((el) => Math.abs(el.scrollHeight - el.clientHeight - el.scrollTop)))
      .toBeLessThan(4);
    await expect(log.getByRole("listitem").last()).toBeInViewport();
  });

  test("ignores empty and whitespace-only messages", async ({ page }) => {
    await open(page, "/boyfriend");
    const input = page.getByLabel("Message");
    await input.press("Enter");
    await input.fill("   \t  ");
    await page.getByRole("button", { name: "Send" }).click();
    await expect(page.getByRole("log").getByRole("listitem")).toHaveCount(1);
  });

  test("hostile text stays text", async ({ page }) => {
    await open(page, "/boyfriend");
    const hostile = `<img src=x onerror="window.__pwned=1"><script>window.__pwned=1</script>`;
    await page.getByLabel("Message").fill(hostile);
    await page.getByLabel("Message").press("Enter");
    await expect(page.getByRole("log").getByText(hostile)).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await page.getByRole("log").locator("img, script").count()).toBe(0);
  });
});
