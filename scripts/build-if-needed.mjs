// The first half of `npm start`: builds the site when the build is missing or older than the
// sources, then server/main.ts serves it. Where the build tools are not installed (a production
// install, `npm ci --omit=dev`, with build/ copied from CI), the build is served as it is.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const STAMP = "build/client/__spa-fallback.html";
const SOURCES = [
  "app",
  "public",
  "contracts",
  "vite.config.ts",
  "react-router.config.ts",
  "package-lock.json",
  "scripts",
];
const canBuild = existsSync("node_modules/@react-router/dev");

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

if (!existsSync(STAMP) && !canBuild) {
  console.error(
    "There is no build to serve (build/client), and the build tools are not installed here.\n" +
      "Build where they are (`npm ci && npm run build`) and copy build/ here, or run `npm install` first.",
  );
  process.exit(1);
}
const stale = !existsSync(STAMP) || Math.max(...SOURCES.map(newestMtime)) > statSync(STAMP).mtimeMs;
if (stale && canBuild) {
  console.log("Building the site first (the build is missing or older than the sources)...");
  const build = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
