import type { Page } from "@playwright/test";

type Log = "__shared" | "__copied" | "__vibrations";
type Logs = Record<Log, unknown[]>;

/**
 * Replaces `navigator[method]` with a stub that records each argument in `window[log]` and
 * returns `returns` (a promise of it for the share sheet, as the real one does).
 */
async function recordNavigatorCalls(page: Page, method: "share" | "vibrate", log: Log, returns: unknown) {
  await page.addInitScript(
    ({ method, log, returns, async }) => {
      const logs = window as unknown as Logs;
      logs[log] = [];
      Object.defineProperty(navigator, method, {
        configurable: true,
        value: (arg: unknown) => {
          logs[log].push(arg);
          return async ? Promise.resolve(returns) : returns;
        },
      });
    },
    { method, log, returns, async: method === "share" },
  );
}

/** A share sheet that records what it is given (and closes as if the visitor picked an app). */
export const stubShareSheet = (page: Page) => recordNavigatorCalls(page, "share", "__shared", undefined);

/** A phone's vibration motor that records each buzz. */
export const stubVibration = (page: Page) => recordNavigatorCalls(page, "vibrate", "__vibrations", true);

/** A browser with no share sheet and a clipboard that records what is written to it. */
export async function stubClipboardOnly(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const logs = window as unknown as Logs;
    logs.__copied = [];
    Object.defineProperty(navigator, "share", { configurable: true, value: undefined });
    Object.defineProperty(navigator, "clipboard", {
      configurable: true,
      value: { writeText: async (text: string) => void logs.__copied.push(text) },
    });
  });
}

const recorded = <T>(page: Page, log: Log) =>
  page.evaluate((key) => (window as unknown as Logs)[key], log) as Promise<T[]>;
export const shared = (page: Page) => recorded<ShareData>(page, "__shared");
export const copied = (page: Page) => recorded<string>(page, "__copied");
export const vibrations = (page: Page) => recorded<number | number[]>(page, "__vibrations");
