import { spawnSync } from "node:child_process";

/**
 * Vitest's global setup for the tests that read the build (vitest.config.ts, project "built"):
 * builds the site first when the build is missing or older than the sources, as `npm start` does.
 * Under `npm test` the build stage has just run, so this only looks.
 */
export default function setup() {
  // Built as `npm run build` builds, not in Vitest's environment: with NODE_ENV=test the bundler
  // makes React's development build (every page measured 147-153 KB of JavaScript).
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => name !== "NODE_ENV" && !name.startsWith("VITEST")),
  );
  const run = spawnSync(process.execPath, ["scripts/build-if-needed.mjs"], { stdio: "inherit", env });
  if (run.status !== 0) throw new Error("the site could not be built for the tests that read the build");
}
