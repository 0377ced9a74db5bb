import type { Page } from "@playwright/test";

interface Recorded {
  __shared: ShareData[];
  __copied: string[];
  __vibrations: (number | number[])[];
}

/** A share sheet that records what it is given (and closes as if the visitor picked an app). */
export async function stubShareSheet(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as Recorded;
    w.__shared = [];
    Object.defineProperty(navigator, "share", {
      configurable: true,
      value: async (data: ShareData) => {
        w.__shared.push(data);
      },
    });
  });
}

/** A browser with no share sheet and a clipboard that records what is written to it. */
export async function stubClipboardOnly(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as Recorded;
    w.__copied = [];
    Object.defineProperty(navigator, "share", { configurable: true, value: undefined });
    Object.defineProperty(navigator, "clipboard", {
      configurable: true,
      value: {
        writeText: async (text: string) => {
          w.__copied.push(text);
        },
      },
    });
  });
}

/** A phone's vibration motor that records each buzz. */
export async function stubVibration(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as Recorded;
    w.__vibrations = [];
    Object.defineProperty(navigator, "vibrate", {
      configurable: true,
      value: (pattern: number | number[]) => {
        w.__vibrations.push(pattern);
        return true;
      },
    });
  });
}

export const shared = (page: Page) => page.evaluate(() => (window as unknown as Recorded).__shared);
export const copied = (page: Page) => page.evaluate(() => (window as unknown as Recorded).__copied);
export const vibrations = (page: Page) => page.evaluate(() => (window as unknown as Recorded).__vibrations);
