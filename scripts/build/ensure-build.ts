import { spawnSync } from "node:child_process";

/**
 * Vitest's global setup for the tests that read the build (vitest.config.ts, project "built"):
 * builds the site first when the build is missing or older than the sources, as `npm start` does.
 * Under `npm test` the build stage has just run, so this only looks.
 */
export default function setup() {
  const run = spawnSync(process.execPath, ["scripts/build-if-needed.mjs"], { stdio: "inherit" });
  if (run.status !== 0) throw new Error("the site could not be built for the tests that read the build");
}
