import type { Page } from "@playwright/test";
import { site } from "../app/kit/lib/site";
import { fillCount } from "../app/toys/useless-button/logic";
import { GRADIENTS, MESSAGES } from "../app/toys/useless-button/words";
import { recordSounds, removeWebAudio, soundsPlayed } from "./audio-stub";
import { type CounterServer, startCounterServer, waitingInLedger } from "./counter-server";
import { expect, open, test } from "./fixtures";
import { seedStorage } from "./storage-stubs";
import { pauseClock } from "./timers";

const bigButton = (page: Page) => page.getByRole("main").getByRole("button").first();
const globalCount = (page: Page) => page.getByText(/^Global clicks:/).locator("strong");
const personalCount = (page: Page) => page.getByText(/^Your clicks:/).locator("strong");
const stored = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);

test.describe("the Useless Button", () => {
  test("shows its title, counters, big button and mute toggle", async ({ page }) => {
    await open(page, "/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("The Useless Button");
    // The global total is the server's (e2e/global-counter.spec.ts checks its exact numbers).
    await expect(globalCount(page)).toHaveText(/^\d+$/);
    await expect(personalCount(page)).toHaveText("0");
    await expect(bigButton(page)).toBeVisible();
    await expect(page.getByRole("button", { name: "Mute sound" })).toBeVisible();
  });

  test("shows all 25 messages once before any repeats, with the count filled in", async ({ page }) => {
    await open(page, "/");
    // Pressed from the keyboard: a key press is one message to the browser, where a pointer click
    // waits for the button to stop spinning first (26 of those overran the test on a busy machine).
    await bigButton(page).focus();
    const seen: string[] = [];
    for (let click = 1; click <= 26; click++) {
      await page.keyboard.press("Enter");
      await expect(personalCount(page)).toHaveText(String(click));
      const text = (await bigButton(page).textContent()) ?? "";
      expect(text).not.toContain("{count}");
      const raw = MESSAGES.find((m) => fillCount(m, click) === text);
      expect(raw, `click ${click}: ${text}`).toBeDefined();
      seen.push(raw as string);
    }
    expect(new Set(seen.slice(0, 25)).size).toBe(25);
    // The 26th starts a new round, and never with the message just shown.
    expect(seen[25]).not.toBe(seen[24]);
  });

  test("changes gradient and adds 360 degrees of rotation per click", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" }); // the rotation is still added, just not animated
    await open(page, "/");
    const gradientOf = async () => {
      const cls = (await bigButton(page).getAttribute("class")) ?? "";
      return GRADIENTS.findIndex((g) => g.split(" ").every((c) => cls.split(" ").includes(c)));
    };
    const seen = new Set<number>();
    let before = await gradientOf();
    for (let click = 1; click <= 8; click++) {
      await bigButton(page).click();
      const now = await gradientOf();
      expect(now).toBeGreaterThanOrEqual(0);
      expect(now).not.toBe(before);
      seen.add(now);
      before = now;
      await expect(bigButton(page)).toHaveAttribute("style", `transform: rotate(${click * 360}deg);`);
    }
    expect(seen.size).toBe(8);
  });

  test("bursts 12 confetti pieces that are gone after 1 s", async ({ page }) => {
    await page.clock.install();
    await open(page, "/");
    await pauseClock(page);
    await bigButton(page).click();
    await expect(page.locator("[data-confetti]")).toHaveCount(12);
    await page.clock.runFor(900);
    await expect(page.locator("[data-confetti]")).toHaveCount(12);
    await page.clock.runFor(200);
    await expect(page.locator("[data-confetti]")).toHaveCount(0);
  });

  test("plays a random tone per click when sound is on, none when muted, and the mute persists", async ({ page }) => {
    await recordSounds(page);
    await open(page, "/");
    for (let i = 0; i < 5; i++) await bigButton(page).click();
    // The sound engine is fetched on the first press; the tones asked for meanwhile play once it is there.
    await expect.poll(async () => (await soundsPlayed(page)).length).toBe(5);
    const sounds = await soundsPlayed(page);
    expect(new Set(sounds.map((s) => s.frequency)).size).toBeGreaterThan(1);
    for (const s of sounds) expect(s.frequency).toBeGreaterThanOrEqual(220);

    await page.getByRole("button", { name: "Mute sound" }).click();
    await bigButton(page).click();
    expect(await soundsPlayed(page)).toHaveLength(5);

    await page.reload();
    await expect(page.getByRole("button", { name: "Unmute sound" })).toBeVisible();
    await bigButton(page).click();
    expect(await soundsPlayed(page)).toHaveLength(0);
    await page.getByRole("button", { name: "Unmute sound" }).click();
    await bigButton(page).click();
    await expect.poll(async () => (await soundsPlayed(page)).length).toBe(1);
  });

  test("works without Web Audio", async ({ page }) => {
    await removeWebAudio(page);
    await open(page, "/");
    await bigButton(page).click();
    await expect(personalCount(page)).toHaveText("1");
  });

  test("every 10th personal click shows 'Milestone Achieved!' for 3 s, one toast at a time", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.clock.install();
    await seedStorage(page, { personalUselessClicks: "8" });
    await open(page, "/");
    await pauseClock(page);
    const toast = page.locator(".toast");
    await bigButton(page).click();
    await expect(toast).toHaveCount(0);
    await bigButton(page).click();
    await expect(toast).toBeVisible();
    await expect(toast.getByText("Milestone Achieved!", { exact: true })).toBeVisible();
    await expect(toast).toContainText("wasted 10 clicks");
    // Ten more clicks while it is still up: the 20th replaces it, never two at once.
    for (let i = 0; i < 10; i++) await bigButton(page).click();
    await expect(toast).toHaveCount(1);
    await expect(toast).toContainText("wasted 20 clicks");
    await page.clock.runFor(2900);
    await expect(toast).toBeVisible();
    await page.clock.runFor(200);
    await expect(toast).toBeHidden();
  });

  test("over 50 personal clicks, a banner says the visitor is officially addicted", async ({ page }) => {
    await seedStorage(page, { personalUselessClicks: "49" });
    await open(page, "/");
    const banner = page.getByText(/officially addicted/);
    await bigButton(page).click();
    await expect(personalCount(page)).toHaveText("50");
    await expect(banner).toHaveCount(0);
    await bigButton(page).click();
    await expect(banner).toBeVisible();
    await page.reload();
    await expect(banner).toBeVisible();
  });

  test("left the moment its counter starts, it throws nothing", async ({ page }) => {
    // The counter starts in an idle task (`scheduler.postTask`) and goes on after yields
    // (`scheduler.yield()`), which inherit that task's signal. Here the visitor leaves right after
    // that task, before its first yield comes back: the page's next render unmounts the button.
    // Cancelled by its signal then, the task's yields rejected ("signal is aborted without
    // reason", an uncaught error: the `problems` fixture fails the test). The visitor comes from
    // the About page, whose code the page already has, so it is back there in one render.
    await page.addInitScript(() => {
      const scheduler = (window as unknown as { scheduler: Record<string, (...args: unknown[]) => unknown> }).scheduler;
      const post = scheduler.postTask?.bind(scheduler);
      const yieldNow = scheduler.yield?.bind(scheduler);
      if (!post || !yieldNow) return;
      let inTask = false;
      let yieldedInTask = false;
      scheduler.yield = () => {
        if (inTask) yieldedInTask = true;
        return yieldNow();
      };
      scheduler.postTask = (run: unknown, options: unknown) =>
        post(() => {
          inTask = true;
          (run as () => void)();
          inTask = false;
          if (!yieldedInTask || location.pathname !== "/") return;
          (window as unknown as { __leftAt: string }).__leftAt = location.pathname;
          history.pushState({}, "", "/about");
          dispatchEvent(new PopStateEvent("popstate"));
        }, options);
    });
    await open(page, "/about");
    await page.getByRole("banner").getByRole("link", { name: site.name }).click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { __leftAt?: string }).__leftAt)).toBe("/");
    await expect(page).toHaveURL("/about");
    await expect(page.getByRole("heading", { level: 1, name: "About This Glorious Mess" })).toBeVisible();
    // What was left behind has had its turn.
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 500)));
  });

  test("is operable with the keyboard", async ({ page }) => {
    await open(page, "/");
    await bigButton(page).focus();
    await page.keyboard.press("Enter");
    await page.keyboard.press("Space");
    await expect(personalCount(page)).toHaveText("2");
  });
});

/**
 * Clicks as the server counts them: each test gets a server of its own (e2e/counter-server.ts),
 * whose counter nobody else touches, so what it stored is exactly what this page sent. The badge
 * shows clicks the server has not confirmed yet too, so it alone cannot tell a counted click from
 * one that never arrived.
 */
const counted = test.extend<{ counter: CounterServer }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature
  counter: async ({}, use) => {
    const server = await startCounterServer();
    // Another visitor's clicks: the global total is not this device's count.
    await server.add(40);
    await use(server);
    await server.stop();
  },
  baseURL: async ({ counter }, use) => use(counter.origin),
});

/** Waits until the server has confirmed every click this browser made, then says what it stored. */
async function confirmedTotal(page: Page, counter: CounterServer): Promise<number> {
  await expect.poll(() => waitingInLedger(page), { message: "clicks the server has not confirmed" }).toBe(0);
  return counter.total();
}

counted.describe("the Useless Button's clicks on the server", () => {
  counted(
    "each click counts globally and personally, and saves both counts on the device",
    async ({ page, counter }) => {
      await seedStorage(page, { uselessClicks: "100", personalUselessClicks: "7" });
      await open(page, "/");
      const before = await counter.total();
      await expect(globalCount(page)).toHaveText(String(before));
      await bigButton(page).click();
      await bigButton(page).click();
      await expect(personalCount(page)).toHaveText("9");
      expect(await stored(page, "uselessClicks")).toBe("102");
      expect(await stored(page, "personalUselessClicks")).toBe("9");
      // Counted by the server exactly once each, and the badge shows the server's number.
      expect(await confirmedTotal(page, counter)).toBe(before + 2);
      await expect(globalCount(page)).toHaveText(String(before + 2));
      await page.reload();
      await expect(personalCount(page)).toHaveText("9");
      await expect(globalCount(page)).toHaveText(String(before + 2));
      expect(await confirmedTotal(page, counter)).toBe(before + 2);
    },
  );

  counted("1000 fast clicks count 1000", async ({ page, counter }) => {
    await open(page, "/");
    const before = await counter.total();
    await expect(globalCount(page)).toHaveText(String(before));
    await page.evaluate(() => {
      const button = document.querySelector("main button") as HTMLButtonElement;
      for (let i = 0; i < 1000; i++) button.click();
    });
    await expect(personalCount(page)).toHaveText("1000");
    expect(await stored(page, "uselessClicks")).toBe("1000");
    expect(await stored(page, "personalUselessClicks")).toBe("1000");
    // However fast the clicks, the confetti stays bounded.
    expect(await page.locator("[data-confetti]").count()).toBeLessThanOrEqual(36);
    // At most 50 a send: twenty sends, each counted once.
    expect(await confirmedTotal(page, counter)).toBe(before + 1000);
    await expect(globalCount(page)).toHaveText(String(before + 1000));
  });
});
