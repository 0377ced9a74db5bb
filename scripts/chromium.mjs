// Finds a Chromium: for the benches and pictures, the browser a visitor runs (Debian's chromium);
// for the browser tests, the headless shell where there is one (below).
import { existsSync } from "node:fs";
import { createRequire } from "node:module";

const SYSTEM_PATHS = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/snap/bin/chromium"];

function playwrightsOwn() {
  try {
    const { chromium } = createRequire(import.meta.url)("playwright-core");
    const path = chromium.executablePath();
    return path && existsSync(path) ? path : undefined;
  } catch {
    return undefined;
  }
}

/** The Chromium binary to drive, or undefined when none is installed. */
export function findChromium() {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) return existsSync(fromEnv) ? fromEnv : undefined;
  return SYSTEM_PATHS.find((path) => existsSync(path)) ?? playwrightsOwn();
}

/** Debian's package `chromium-headless-shell`. */
export const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";

/**
 * The Chromium the browser tests drive: $CHROMIUM_PATH, then Debian's headless shell, then
 * findChromium's. The shell is the same Blink and V8 without the browser's own UI, which is what
 * Playwright itself runs headless tests in: the suite took 217 s in it against 506 s in the full
 * browser (304 tests, 2 workers, 2 cores; docs/testing.md), every test green in both. The
 * benches keep the full browser, as a visitor has it.
 */
export function findTestChromium() {
  if (process.env.CHROMIUM_PATH) return findChromium();
  return existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : findChromium();
}

/** Flags that keep Chromium quiet and working on a sandboxed machine without internet. */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];
