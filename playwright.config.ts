import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { E2E_CHROMIUM_ARGS } from "./e2e/chromium-args";
import { SUITE_LIMITS } from "./e2e/suite-limits";
import { findTestChromium } from "./scripts/chromium.mjs";

const PORT = Number(process.env.E2E_PORT ?? 4310);

/**
 * A new folder for the server's counter on each run; workers inherit it through the environment.
 * The process that made it removes it as it exits (after Playwright has stopped the server).
 */
function counterDataDir(): string {
  if (!process.env.COUNTER_DATA_DIR) {
    const dir = mkdtempSync(join(tmpdir(), "pointless-e2e-counter-"));
    process.env.COUNTER_DATA_DIR = dir;
    process.once("exit", () => rmSync(dir, { recursive: true, force: true }));
  }
  return process.env.COUNTER_DATA_DIR;
}
const baseURL = `http://localhost:${PORT}`;
/** The fleet specs that time how fast every page comes back (the "fleet" project below). */
const FLEET_TIMED = ["fleet-rolling-restart.spec.ts", "fleet-redis-failover.spec.ts"];

export default defineConfig({
  testDir: "e2e",
  fullyParallel: true,
  // Three workers on the 2-core CI machine. On 2026-11-24 (the whole suite, one run each) quiet,
  // 1 / 2 / 3 workers took 4.0 / 3.7 / 3.7 min: one worker already kept both cores busy. Since then
  // a third of the suite's time is waiting (servers of their own started, killed and restarted,
  // Redis, channels reconnecting): on 2026-11-26, 2 / 3 workers took 5.1 / 4.1 min. With Firefox
  // and WebKit beside Chromium the stage is bound by CPU again (2026-12-02, quiet: vmstat 0% idle
  // throughout, and 3 / 5 workers took 10.8 / 12.2 min).
  // Without CI, Playwright's own default was half the cores: one worker on two, and a newcomer's
  // first `npm test` there took 11 min (2026-12-04: a fresh clone, `npm install && npm test` as
  // root, the browser tests 567 s); at least three, as on CI, and half the cores where there are more.
  workers: process.env.CI ? 3 : Math.max(3, Math.floor(availableParallelism() / 2)),
  forbidOnly: !!process.env.CI,
  reporter: "list",
  // Time to wait, not what is asserted. On 2026-11-25 the same two cores ran the whole suite in
  // 18.5 min (load 10-14, the build before this work just as slow): a route's checks took 7-37 s
  // and a web-first assertion up to 5 s. A test that hangs still fails, a minute later.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    // No trace: recorded on every run, even without DOM snapshots and screenshots, it cost a sixth
    // of the CPU of a green run (2026-12-02: 46 tests, 101 s of CPU with it, 84 s without). A
    // failed test keeps its screenshot and its error context (the page's accessibility tree);
    // `npx playwright test <spec> --trace on` records one where a failure needs more.
    trace: "off",
    // A failed test's screenshots are taken by e2e/fixtures.ts once it has failed: Playwright's
    // "only-on-failure" took one of every page at every context's close, failed or not.
    screenshot: "off",
    // Each page would install the service worker and precache the whole site in the background;
    // only e2e/offline.spec.ts lets it run.
    serviceWorkers: "block",
    launchOptions: { executablePath: findTestChromium(), args: E2E_CHROMIUM_ARGS },
  },
  projects: [
    // The two specs that time a fleet's comeback (every page live within 15 s of a SIGTERM, with
    // Redis' primary killed in one): a stage of `npm test` of their own (`npm run test:fleet`,
    // before the other browser tests and the unit tests: scripts/test.ts), on one worker, never
    // beside each other: each is two or three servers, nginx, Redis and up to nine pages clicking.
    // CI failed both twice (29de93c, d390523) when they ran beside everything else, at load 8-10.
    { name: "fleet", testMatch: FLEET_TIMED, workers: 1, use: { ...devices["Desktop Chrome"] } },
    // Firefox and WebKit (e2e/engines/: each worker that runs one of these starts both, and keeps
    // them for its life): one worker, so the suite starts each engine once rather than once a
    // worker (three of each, idle between their tests, in a stage bound by CPU). Listed before
    // Chromium's so its tests are queued first: that worker goes through them while the others
    // run Chromium's, rather than taking them one at a time at the end.
    { name: "engines", testDir: "e2e/engines", workers: 1 },
    { name: "chromium", testIgnore: [...FLEET_TIMED, "engines/**"], use: { ...devices["Desktop Chrome"] } },
  ],
  webServer: {
    command: "node scripts/build-if-needed.mjs && node server/main.ts",
    env: {
      PORT: String(PORT),
      // A fresh global counter for every run of the suite.
      COUNTER_DATA_DIR: counterDataDir(),
      ...SUITE_LIMITS,
    },
    url: baseURL,
    reuseExistingServer: false,
    timeout: 180_000,
  },
});
