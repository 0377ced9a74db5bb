import { ALMOST, MESSAGES, NAH } from "../app/toys/loading/logic";
import { expect, open, test } from "./fixtures";
import { installPausedClock } from "./timers";

test.describe("Endless Loading", () => {
  test("every 3 s, a random one of 9 messages (70%)", async ({ page }) => {
    await installPausedClock(page);
    await open(page, "/loading");
    const status = page.getByRole("status");
    const seen = new Set<string>();
    for (let i = 0; i < 12; i++) {
      await page.clock.runFor(3000);
      const text = await status.innerText();
      seen.add(text.split("\n")[0] ?? "");
    }
    for (const s of seen) expect([...MESSAGES, ALMOST, NAH]).toContain(s);
    expect(seen.size).toBeGreaterThan(2);
  });

  test("a tease shows 'Almost there...', then 'Nah.' for 2 s", async ({ page }) => {
    await page.addInitScript(() => {
      Math.random = () => 0.1; // below 30%: every tick is a tease
    });
    await installPausedClock(page);
    await open(page, "/loading");
    const status = page.getByRole("status");
    await page.clock.runFor(3000);
    await expect(status).toHaveText(ALMOST);
    await page.clock.runFor(999);
    await expect(status).toHaveText(ALMOST);
    await page.clock.runFor(2);
    await expect(status).toContainText(NAH);
    await page.clock.runFor(1990);
    await expect(status).toContainText(NAH);
    await page.clock.runFor(20);
    await expect(status).not.toContainText(NAH);
  });
});
