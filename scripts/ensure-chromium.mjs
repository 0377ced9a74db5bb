// Before the browser tests: make sure a Chromium exists, installing Debian's headless shell where we
// can (scripts/chromium.mjs says why that one).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { findTestChromium, HEADLESS_SHELL } from "./chromium.mjs";

let path = findTestChromium();
if (
  path !== HEADLESS_SHELL &&
  !process.env.CHROMIUM_PATH &&
  process.getuid?.() === 0 &&
  existsSync("/usr/bin/apt-get")
) {
  console.log("Installing Debian's chromium-headless-shell package for the browser tests...");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  spawnSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
  spawnSync("apt-get", ["install", "-y", "-qq", "chromium-headless-shell"], { stdio: "inherit", env });
  path = findTestChromium();
}

if (!path) {
  console.error(
    [
      "The browser tests need Chromium and none was found.",
      process.env.CHROMIUM_PATH ? `CHROMIUM_PATH points to ${process.env.CHROMIUM_PATH}, which does not exist.` : "",
      "Do one of these, then run the tests again:",
      "  - Debian: sudo apt-get install -y chromium-headless-shell (or chromium)",
      "  - any system: npx playwright install chromium",
      "  - or point CHROMIUM_PATH at a Chromium or Chrome binary.",
    ]
      .filter(Boolean)
      .join("\n"),
  );
  process.exit(1);
}
console.log(`Browser tests will drive ${path}`);
