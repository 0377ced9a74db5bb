/** How long to wait before trying a chunk a second time. */
export const RETRY_AFTER_MS = 500;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Loads a lazy chunk the site cannot work without (the menu's list of pages and its panel): tried
 * twice, then, if the browser is online, the failure most likely means a new version of the site
 * replaced the old files, so the page reloads into it (at most once a minute, see
 * scripts/build/bootstrap.ts) and the promise never settles. Offline, or when the page has just
 * reloaded, it fails, and the caller says so kindly.
 */
export function loadChunk<T>(load: () => Promise<T>): Promise<T> {
  return load()
    .catch(() => wait(RETRY_AFTER_MS).then(load))
    .catch((error: unknown) => {
      if (navigator.onLine && window.__pointlessReload?.()) return new Promise<T>(() => {});
      throw error;
    });
}
