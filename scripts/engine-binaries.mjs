// Where Debian puts the browsers the cross-engine tests drive (e2e/engines/): Firefox ESR, and
// WebKitGTK's MiniBrowser, which WebKitWebDriver starts (its folder is named for the machine's
// multiarch triplet and the WebKitGTK API version). No npm package: scripts/system-packages.mjs
// asks this before `npm ci`.
import { existsSync, readdirSync } from "node:fs";

export const FIREFOX = "/usr/bin/firefox-esr";

/** The MiniBrowser's path, or null where webkit2gtk-driver is not installed. Asked each time, not
 * once at import: scripts/system-packages.mjs asks again after it has installed the package. */
export function findMiniBrowser() {
  for (const lib of [
    "/usr/lib",
    ...readdirSync("/usr/lib")
      .filter((d) => d.endsWith("-linux-gnu"))
      .map((d) => `/usr/lib/${d}`),
  ]) {
    let folders = [];
    try {
      folders = readdirSync(lib).filter((d) => d.startsWith("webkit2gtk-"));
    } catch {}
    for (const folder of folders.sort().reverse()) {
      const path = `${lib}/${folder}/MiniBrowser`;
      if (existsSync(path)) return path;
    }
  }
  return null;
}
