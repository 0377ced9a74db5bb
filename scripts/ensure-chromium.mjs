// Before the browser tests and the budget: what they need from Debian (scripts/system-packages.mjs:
// installed as root, else the one line that installs it), then which Chromium they will drive.
import { spawnSync } from "node:child_process";
import { findTestChromium } from "./chromium.mjs";

const packages = spawnSync(process.execPath, ["scripts/system-packages.mjs"], { stdio: "inherit" });
if (packages.status !== 0) process.exit(packages.status ?? 1);
const path = findTestChromium();
if (!path) {
  console.error(`CHROMIUM_PATH points to ${process.env.CHROMIUM_PATH}, which does not exist.`);
  process.exit(1);
}
console.log(`Browser tests will drive ${path}`);
