import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "@playwright/test";

/**
 * A virtual screen reader in the page (@guidepup/virtual-screen-reader's browser build, served from
 * the page's own origin so the site's CSP lets it load): what it speaks as it walks the page, and
 * what the page's live regions make it say ("polite: ..."), as a screen reader would hear them.
 */
const BUNDLE = readFileSync(
  join(process.cwd(), "node_modules/@guidepup/virtual-screen-reader/lib/esm/index.browser.js"),
  "utf8",
);
const URL_PATH = "/__virtual-screen-reader.js";

interface Virtual {
  start(options: { container: Element }): Promise<void>;
  next(): Promise<void>;
  lastSpokenPhrase(): Promise<string>;
  spokenPhraseLog(): Promise<string[]>;
}
declare global {
  interface Window {
    __virtual?: Virtual;
  }
}

/** Serves the reader's build to `page`; call before the page loads. */
export const withScreenReader = (page: Page) =>
  page.route(`**${URL_PATH}`, (route) => route.fulfill({ contentType: "text/javascript", body: BUNDLE }));

/** Starts the reader on the whole page (after hydration): it hears what changes from now on. */
export const startReading = (page: Page) =>
  page.evaluate(async (path) => {
    const { virtual } = (await import(path)) as { virtual: Virtual };
    window.__virtual = virtual;
    await virtual.start({ container: document.body });
  }, URL_PATH);

/** Moves the reader on until it says a phrase `matches` (at most `steps` moves); every phrase said on the way. */
export const readUntil = (page: Page, matches: RegExp, steps = 200) =>
  page.evaluate(
    async ({ source, flags, steps }) => {
      const virtual = window.__virtual as Virtual;
      const pattern = new RegExp(source, flags);
      for (let i = 0; i < steps && !pattern.test(await virtual.lastSpokenPhrase()); i++) await virtual.next();
      return virtual.spokenPhraseLog();
    },
    { source: matches.source, flags: matches.flags, steps },
  );

/** What the live regions have said since the reader started, in order. */
export const announcements = async (page: Page) =>
  (await page.evaluate(() => (window.__virtual as Virtual).spokenPhraseLog())).filter((phrase) =>
    /^(polite|assertive): /.test(phrase),
  );
