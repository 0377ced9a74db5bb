import { defineConfig } from "vitest/config";
import { LOCAL_ORIGIN } from "./app/kit/lib/site.ts";
import { wallPaletteModule } from "./scripts/build/wall-palette-module.ts";

/** Tests that read the build's output (built by their global setup when missing or stale). */
const BUILT = "scripts/build/built-site.test.ts";

/**
 * Load tests: thousands of sockets, or memory read against a baseline. They run alone, after the
 * rest, so what they measure is the server's and the page code's, not the other tests'.
 */
const ALONE = ["server/live/reconnect-storm.test.ts", "server/live/fuzz.test.ts", "server/live/protocol-fuzz.test.ts"];

export default defineConfig({
  // The personal Emoji Wall reads the shared wall's palette through it (app/toys/emojis/emoji-wall.tsx,
  // and its logic test).
  plugins: [wallPaletteModule()],
  define: {
    __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()),
    __SITE_ORIGIN__: JSON.stringify(LOCAL_ORIGIN),
  },
  test: {
    // Four workers on two cores (measured 2026-11-26, quiet, the whole unit stage): 2 / 4 / 6
    // workers took 105 / 45 / 41 s; the suite's time is mostly waiting (sockets, processes
    // starting, timers), 65 s of CPU in all. Six made the reconnect storm bunch up; it and the
    // fuzzer run alone now (ALONE).
    maxWorkers: 4,
    // A test file's modules are loaded afresh for it (Vitest resets the module registry and its
    // mocks between files), but in a worker process the files share, not a process started for
    // each: the same files took 41 / 9.5 / 73 s of CPU in `logic` / `dom` / `server` isolated and
    // 21 / 4.8 / 48 s so (2026-12-04, quiet, one run each), all green, and green with the files in
    // two shuffled orders (`--sequence.shuffle.files`). The stage runs beside the browser tests,
    // where every second of CPU is one they wait for. What a file changes in the process itself
    // (globals, timers, the environment) it puts back, as each does now.
    isolate: false,
    // ...and each file's changes to the process are put back again when it ends (the file says how).
    setupFiles: ["vitest.between-files.ts"],
    // Time to wait, not what is asserted: beside the browser tests and two busy loops, a server in
    // the test's own process took more than Vitest's 1 s to answer its first request
    // (server/http/http-slow-clients.test.ts, 2026-12-02). A poll that never holds still fails.
    expect: { poll: { timeout: 10_000 } },
    // Time to wait, not what is asserted, in every project: tests start server processes, launch
    // Chromium (scripts/bench/visitor-browser.test.ts) or render an SVG twice
    // (scripts/build/tab-icon.test.ts). Beside the browser tests, at a load average of 9, those
    // two took more than Vitest's 5 s (a fresh clone, 2026-12-06); two of the server's took more
    // than 5 s to be listening under two busy loops (2026-11-26). A test that hangs still fails.
    testTimeout: 30_000,
    hookTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: {
          name: "logic",
          include: ["app/**/*.test.ts", "contracts/**/*.test.ts", "scripts/**/*.test.ts"],
          exclude: [BUILT],
          environment: "node",
        },
      },
      {
        // What the build made, as the site's server serves it: no browser needed.
        extends: true,
        test: {
          name: "built",
          include: [BUILT],
          environment: "node",
          globalSetup: ["scripts/build/ensure-build.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "dom",
          include: ["app/**/*.test.tsx"],
          environment: "jsdom",
          setupFiles: ["app/test/dom-setup.ts"],
        },
      },
      {
        // The counter's server, against real stores: SQLite in temporary folders, and a Redis the
        // global setup starts on a free loopback port (and stops).
        extends: true,
        test: {
          name: "server",
          include: ["server/**/*.test.ts"],
          exclude: ALONE,
          environment: "node",
          globalSetup: ["server/test/redis-server.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "alone",
          include: ALONE,
          environment: "node",
          maxWorkers: 1,
          // Each in a process of its own: the fuzzers read memory against a baseline.
          isolate: true,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
