// Before the browser tests: make sure a Chromium exists, installing Debian's where we can.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { findChromium } from "./chromium.mjs";

let path = findChromium();
if (!path && !process.env.CHROMIUM_PATH && process.getuid?.() === 0 && existsSync("/usr/bin/apt-get")) {
  console.log("No Chromium found: installing Debian's chromium package...");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  spawnSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
  spawnSync("apt-get", ["install", "-y", "-qq", "chromium"], { stdio: "inherit", env });
  path = findChromium();
}

if (!path) {
  console.error(
    [
      "The browser tests need Chromium and none was found.",
      process.env.CHROMIUM_PATH ? `CHROMIUM_PATH points to ${process.env.CHROMIUM_PATH}, which does not exist.` : "",
      "Do one of these, then run the tests again:",
      "  - Debian/Ubuntu: sudo apt-get install -y chromium",
      "  - any system: npx playwright install chromium",
      "  - or point CHROMIUM_PATH at a Chromium or Chrome binary.",
    ]
      .filter(Boolean)
      .join("\n"),
  );
  process.exit(1);
}
console.log(`Browser tests will drive ${path}`);
