// The floor the bench measures the site against: React Router 8's stock app with an empty page
// (scripts/bench/floor), pre-rendered, precompressed and served exactly like the site.
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createSiteServer } from "../../server/http/http.ts";
import { siteFiles } from "../../server/static/static.ts";
import { precompress } from "../build/compress.ts";
import { DOCUMENT_HEADERS, RESPONSE_HEADERS } from "../build/security.ts";
import { listenOnFreePort } from "../lib/local-site.ts";

const FLOOR = "scripts/bench/floor";

/** Builds the floor with the project's React Router and Vite, like `npm run build` builds the site. */
export function buildFloor(): void {
  const build = spawnSync("npx", ["react-router", "build"], { cwd: FLOOR, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
  precompress(join(FLOOR, "build/client"));
  mkdirSync(join(FLOOR, "build"), { recursive: true });
  // The site's headers, with no script policy (the floor's inline scripts have no hashes).
  const headers = { response: RESPONSE_HEADERS, document: DOCUMENT_HEADERS, csp: {} };
  writeFileSync(join(FLOOR, "build/headers.json"), JSON.stringify(headers));
}

/** Serves the built floor on a free port, by the site's own server. */
export function serveFloor() {
  return listenOnFreePort(createSiteServer(siteFiles(join(FLOOR, "build/client"))));
}
