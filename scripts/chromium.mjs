// Finds a Chromium for the browser tests: $CHROMIUM_PATH, then Debian's, then Playwright's own.
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
