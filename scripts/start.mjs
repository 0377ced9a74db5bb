// `npm start`: builds when the build is missing or older than the sources, then serves it, with the
// global click counter's API (server/) on the same origin.
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
const { openStore } = await import("../server/store.ts");
const { counterApi } = await import("../server/node.ts");

const store = await openStore();
const api = counterApi(store);
const port = Number(process.env.PORT ?? 3000);
const server = createSiteServer("build/client", { api: api.listener }).listen(port, () => {
  const where = process.env.REDIS_URL ? "Redis" : `SQLite in ${process.env.COUNTER_DATA_DIR ?? "data"}/`;
  console.log(`Pointless Toys is wasting time on http://localhost:${port} (global clicks in ${where})`);
});

// A clean stop: finish what is in flight, then close the store.
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, () => {
    server.close(async () => {
      api.stop();
      await store.close();
      process.exit(0);
    });
    server.closeIdleConnections?.();
  });
}
