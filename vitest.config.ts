import { defineConfig } from "vitest/config";
import { LOCAL_ORIGIN } from "./app/kit/lib/site.ts";

/** Tests that read the build's output (built by their global setup when missing or stale). */
const BUILT = "scripts/build/built-site.test.ts";

export default defineConfig({
  define: {
    __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()),
    __SITE_ORIGIN__: JSON.stringify(LOCAL_ORIGIN),
  },
  test: {
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
        test: { name: "dom", include: ["app/**/*.test.tsx"], environment: "jsdom" },
      },
      {
        // The counter's server, against real stores: SQLite in temporary folders, and a Redis the
        // global setup starts on a free loopback port (and stops).
        extends: true,
        test: {
          name: "server",
          include: ["server/**/*.test.ts"],
          environment: "node",
          globalSetup: ["server/test/redis-server.ts"],
        },
      },
    ],
  },
});
