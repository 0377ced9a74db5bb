import type { Page } from "@playwright/test";

/** Storage that throws on every access, as with blocked cookies or some private modes. */
export async function blockStorage(page: Page): Promise<void> {
  await page.addInitScript(() => {
    for (const name of ["localStorage", "sessionStorage"]) {
      Object.defineProperty(window, name, {
        configurable: true,
        get() {
          throw new DOMException("The operation is insecure.", "SecurityError");
        },
      });
    }
  });
}

/** Storage that reads but refuses every write, as when it is full. */
export async function fillStorage(page: Page): Promise<void> {
  await page.addInitScript(() => {
    Storage.prototype.setItem = () => {
      throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    };
  });
}

/**
 * Puts values in localStorage before the page's first load, once: a reload finds what the page
 * itself stored since, as a returning visitor would.
 */
export async function seedStorage(page: Page, values: Record<string, string>): Promise<void> {
  await page.addInitScript((seed) => {
    if (sessionStorage.getItem("seeded")) return;
    sessionStorage.setItem("seeded", "1");
    for (const [key, value] of Object.entries(seed)) localStorage.setItem(key, value);
  }, values);
}
