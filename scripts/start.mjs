// `npm start`: builds when the build is missing or older than the sources, then serves it.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const STAMP = "build/client/__spa-fallback.html";
const SOURCES = ["app", "public", "vite.config.ts", "react-router.config.ts", "package-lock.json", "scripts"];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

const stale = !existsSync(STAMP) || Math.max(...SOURCES.map(newestMtime)) > statSync(STAMP).mtimeMs;
if (stale) {
  console.log("Building the site first (the build is missing or older than the sources)...");
  const build = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const { createSiteServer } = await import("./serve.mjs");
const port = Number(process.env.PORT ?? 3000);
createSiteServer().listen(port, () => {
  console.log(`Pointless Toys is wasting time on http://localhost:${port}`);
});
