import type { Browser } from "playwright-core";

/** The painted translation of 200 KB must appear this soon after the click (issue 22). */
export const UWU_PAINT_BUDGET_MS = 200;

/** 200 KB of text with an exclamation mark in every sentence, so emoticons that need fallback fonts abound. */
export function uwuSample(): string {
  const sample = "Hello! I really love the lovely rain in November, and nobody knows why. Ever onward! ";
  return sample.repeat(Math.ceil((200 * 1024) / sample.length)).slice(0, 200 * 1024);
}

/**
 * Time from a click on Translate to the frame that shows the translation: the output changes, the
 * next frame is drawn, and a task after it runs. Measured in the page, on a fresh page each time.
 */
export async function measureUwuPaint(browser: Browser, origin: string): Promise<number> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  try {
    await page.goto(`${origin}/uwu`);
    await page.locator("html[data-hydrated]").waitFor();
    await page.getByLabel("Your serious text").fill(uwuSample());
    return await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const button = [...document.querySelectorAll("button")].find((b) => b.textContent === "Translate");
          const output = document.querySelector("output");
          if (!button || !output) throw new Error("no translator on the page");
          const start = performance.now();
          new MutationObserver((_, observer) => {
            observer.disconnect();
            requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - start), 0));
          }).observe(output, { childList: true, subtree: true, characterData: true });
          button.click();
        }),
    );
  } finally {
    await page.close();
  }
}
