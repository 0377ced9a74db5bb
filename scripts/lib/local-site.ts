// What `npm run bench` and `npm run screenshots` share: building when asked, serving the production
// build on a free port (with its server), the registry, and the Markdown blocks they keep up to date.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runnerImport } from "vite";
import type * as Registry from "../../app/toys/registry";
import { startSiteProcess, stopProcess } from "./local-servers.ts";

/** Runs `npm run build`, exiting with its status when it fails. */
export function buildOrExit() {
  const build = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

/** Starts `server` on a free port: its origin, and how to stop it. */
export async function listenOnFreePort(server: Server) {
  await new Promise<void>((resolve) => server.listen(0, resolve));
  return { origin: `http://localhost:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

/**
 * Serves build/client as `npm start` does, on a free port: the site's own server process, with its
 * live engine and its counter (on a data folder of its own, removed after). The shared pages are
 * measured as a visitor meets them, live: served by the files alone (as the benches did before),
 * they went to "this copy of the site has no server", with a longer message (a layout shift) and
 * none of the work a live page does.
 */
export async function serveBuild() {
  const dataDir = mkdtempSync(join(tmpdir(), "pointless-bench-"));
  const server = await startSiteProcess({ SITE_DIR: "build/client", COUNTER_DATA_DIR: dataDir });
  // A script that dies without closing it (an uncaught error) takes its server with it: left
  // running, it kept the script's stderr open, and a shell pipeline reading it waited for ever.
  const killOnExit = () => server.child.kill();
  process.once("exit", killOnExit);
  return {
    origin: server.origin,
    close: async () => {
      process.off("exit", killOnExit);
      await stopProcess(server.child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The registry; the app's modules use bundler-style imports, so it is loaded through Vite. */
export async function loadRegistry() {
  const { module } = await runnerImport<typeof Registry>("./app/toys/registry.ts", { configFile: false });
  return module;
}

/** Replaces what lies between `<!-- name:start -->` and `<!-- name:end -->` in a Markdown file. */
export function replaceBlock(file: string, name: string, body: string) {
  const text = readFileSync(file, "utf8");
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  if (!text.includes(start) || !text.includes(end)) throw new Error(`${file} lacks the ${name} markers`);
  writeFileSync(
    file,
    `${text.slice(0, text.indexOf(start) + start.length)}\n${body}\n${text.slice(text.indexOf(end))}`,
  );
}

/** The same, in README.md. */
export const replaceReadmeBlock = (name: string, body: string) => replaceBlock("README.md", name, body);
