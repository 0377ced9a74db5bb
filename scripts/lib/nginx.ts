// Debian's nginx in front of the site's servers, as `npm run fleet` and the fleet's tests run it:
// the shipped configuration (deploy/nginx/pointless-toys.conf) with this machine's ports and
// folders, in a folder of its own (its pid, logs and temporary files), in the foreground.
import { type ChildProcess, execFileSync, spawn, spawnSync } from "node:child_process";
import {
  accessSync,
  chmodSync,
  constants,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { cpus, tmpdir } from "node:os";
import { delimiter, join, resolve } from "node:path";
import { accepts, freePort, stopProcess } from "./local-servers.ts";

export const SITE_CONFIG = "deploy/nginx/pointless-toys.conf";
/** Where the shipped file expects the project (its build), and the servers it names, to be replaced. */
const SHIPPED_ROOT = "/srv/pointless-toys";
const SHIPPED_UPSTREAMS = /^( {2}server 127\.0\.0\.1:300\d( [^;\n]*)?;\n)+/m;

/** `text` with every `from` replaced by `to`, which must occur `times` times (so the shipped file cannot drift). */
function replaceChecked(
  text: string,
  from: string | RegExp,
  to: string,
  times: number,
  what: string,
  file = SITE_CONFIG,
): string {
  const found =
    typeof from === "string" ? text.split(from).length - 1 : [...text.matchAll(new RegExp(from.source, "gm"))].length;
  if (found !== times) {
    throw new Error(`${file}: expected ${what} ${times} time(s), found it ${found} time(s)`);
  }
  return typeof from === "string" ? text.split(from).join(to) : text.replace(from, () => to);
}

/**
 * The shipped site configuration for this machine: the project's folder for /srv/pointless-toys,
 * `upstreams` (ports on 127.0.0.1) for the example servers, and a listener on 127.0.0.1:`port`
 * for `listen 80;`. Nothing else changes; each replaced line must be there as the file ships it.
 */
export function siteConfig(
  text: string,
  { root, port, upstreams }: { root: string; port: number; upstreams: readonly number[] },
) {
  const example = SHIPPED_UPSTREAMS.exec(text);
  if (!example) throw new Error(`${SITE_CONFIG}: expected the example servers "server 127.0.0.1:300N ...;"`);
  const settings = example[2] ?? "";
  let config = replaceChecked(text, SHIPPED_ROOT, root, 6, SHIPPED_ROOT);
  config = replaceChecked(
    config,
    SHIPPED_UPSTREAMS,
    upstreams.map((upstream) => `  server 127.0.0.1:${upstream}${settings};\n`).join(""),
    1,
    "the example servers",
  );
  return replaceChecked(config, "  listen 80;", `  listen 127.0.0.1:${port};`, 1, "listen 80;");
}

/** nginx's binary: on the PATH, or where Debian puts it (/usr/sbin is not on a user's PATH). */
function nginxBinary(): string {
  const found = [...(process.env.PATH ?? "").split(delimiter), "/usr/sbin", "/usr/local/sbin"]
    .map((dir) => join(dir, "nginx"))
    .find((path) => {
      try {
        accessSync(path, constants.X_OK);
        return true;
      } catch {
        return false;
      }
    });
  if (!found) throw new Error("nginx is not installed: apt-get install nginx libnginx-mod-http-brotli-static");
  return found;
}

/** The brotli module Debian's libnginx-mod-http-brotli-static installs, where this nginx loads modules. */
function brotliModule(binary: string): string {
  const built = spawnSync(binary, ["-V"], { encoding: "utf8" }).stderr ?? "";
  const modules = /--modules-path=(\S+)/.exec(built)?.[1] ?? "/usr/lib/nginx/modules";
  const module = join(modules, "ngx_http_brotli_static_module.so");
  if (!existsSync(module)) {
    throw new Error(
      `nginx's brotli module is not installed (${module}): apt-get install libnginx-mod-http-brotli-static`,
    );
  }
  return module;
}

/** Debian's own main configuration, as `apt-get install nginx` writes it: what an operator has. */
export const STOCK_MAIN_CONFIG = "/etc/nginx/nginx.conf";

/**
 * nginx's main configuration changed for `visitors` live visitors at once on this nginx, as
 * docs/deploy.md ("nginx for a planned number of visitors") tells an operator: a proxied
 * WebSocket holds two of a worker's connections (the page's and the server's), and the workers
 * do not share them out evenly, so each worker is given room for half as many again as its share:
 * worker_connections = ceil(2 x visitors / workers x 1.5), and each connection is an open file:
 * worker_rlimit_nofile = 2 x worker_connections (files being sent, logs and listeners besides).
 */
export function plannedProxy(visitors: number, workers: number) {
  const connections = Math.max(768, Math.ceil(((2 * visitors) / workers) * 1.5));
  return { connections, openFiles: 2 * connections };
}

/**
 * Debian's stock nginx.conf (`stock`, the text of /etc/nginx/nginx.conf) with exactly the changes
 * docs/deploy.md names, each checked to find its line once as Debian ships it (so a different
 * file is refused, never silently run):
 *
 * - for the planned visitors (`connections`, unset: Debian's 768 as it is): `worker_connections`,
 *   and `worker_rlimit_nofile` after `worker_processes`;
 * - to run as a test or `npm run fleet` does, in a folder of its own: the pid file, the error and
 *   access logs in `dir`; the site's file (`site`) included where Debian includes conf.d/ and
 *   sites-enabled/ (which an operator's copy into conf.d/ and removal of sites-enabled/default
 *   amount to); and, run as root, the workers as the build's owner instead of www-data (a build
 *   under a home folder is not www-data's to read; /srv/pointless-toys is).
 *
 * `daemon off;` is given on the command line (`-g`), not written.
 */
export function mainConfigFrom(
  stock: string,
  { dir, site, connections, user }: { dir: string; site: string; connections?: number; user?: string },
): string {
  const change = (text: string, from: string, to: string, what: string) =>
    replaceChecked(text, from, to, 1, what, STOCK_MAIN_CONFIG);
  let config = stock;
  if (connections !== undefined) {
    config = change(config, "worker_connections 768;", `worker_connections ${connections};`, "worker_connections 768;");
    config = change(
      config,
      "worker_processes auto;\n",
      `worker_processes auto;\nworker_rlimit_nofile ${2 * connections};\n`,
      "worker_processes auto;",
    );
  }
  config = change(config, "pid /run/nginx.pid;", `pid ${join(dir, "nginx.pid")};`, "pid /run/nginx.pid;");
  config = change(
    config,
    "error_log /var/log/nginx/error.log;",
    `error_log ${join(dir, "error.log")};`,
    "error_log /var/log/nginx/error.log;",
  );
  config = change(
    config,
    "access_log /var/log/nginx/access.log;",
    `access_log ${join(dir, "access.log")};`,
    "access_log /var/log/nginx/access.log;",
  );
  config = change(config, "include /etc/nginx/conf.d/*.conf;", `include ${site};`, "include /etc/nginx/conf.d/*.conf;");
  config = change(config, "\tinclude /etc/nginx/sites-enabled/*;\n", "", "include /etc/nginx/sites-enabled/*;");
  if (user) config = change(config, "user www-data;", `user ${user};`, "user www-data;");
  return `# Written by scripts/lib/nginx.ts for one run, from ${STOCK_MAIN_CONFIG} with the changes docs/deploy.md names.\n${config}`;
}

/** As root, the workers run as the build's owner (its user and group); else nginx runs as this user. */
function buildOwner(root: string): string | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const owner = String(statSync(root).uid);
  const name = execFileSync("id", ["-nu", owner], { encoding: "utf8" }).trim();
  const group = execFileSync("id", ["-ng", owner], { encoding: "utf8" }).trim();
  return `${name} ${group}`;
}

export interface ProxyProcess {
  /** The one address to open: http://localhost:port. */
  origin: string;
  port: number;
  pid: number;
  /** The folder with its configuration, pid, logs and temporary files (removed on stop). */
  dir: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/**
 * nginx on 127.0.0.1 (a free port, or `port`) in front of the site's servers on `upstreams`,
 * serving the build under `root` (the project's folder): Debian's own nginx.conf with the changes
 * docs/deploy.md names for `visitors` live visitors at once ("stock": none, Debian's 768
 * connections a worker), around the shipped site configuration, changed only by `edit` when a
 * test asks (after the ports and folders). Resolves once it accepts connections; `stop` ends it
 * (SIGTERM: its workers end with it) and removes its folder.
 */
export async function startProxy({
  upstreams,
  port: fixedPort,
  root = process.cwd(),
  edit = (site) => site,
  visitors = 4000,
  detached = false,
}: {
  upstreams: readonly number[];
  port?: number;
  root?: string;
  edit?: (site: string) => string;
  /** The live visitors at once this nginx is planned for (docs/deploy.md), or "stock". */
  visitors?: number | "stock";
  /** In a process group of its own (local-servers.ts startRedis says why). */
  detached?: boolean;
}): Promise<ProxyProcess> {
  const project = resolve(root);
  if (!existsSync(join(project, "build/nginx/http.conf"))) {
    throw new Error("the build has no nginx includes (build/nginx/): run `npm run build`");
  }
  if (!existsSync(STOCK_MAIN_CONFIG)) {
    throw new Error(`${STOCK_MAIN_CONFIG} is missing: apt-get install nginx (Debian's package writes it)`);
  }
  const binary = nginxBinary();
  brotliModule(binary);
  const port = fixedPort ?? (await freePort());
  const dir = mkdtempSync(join(tmpdir(), "pointless-nginx-"));
  chmodSync(dir, 0o755);
  const site = join(dir, "pointless-toys.conf");
  writeFileSync(
    site,
    edit(siteConfig(readFileSync(join(project, SITE_CONFIG), "utf8"), { root: project, port, upstreams })),
  );
  const config = join(dir, "nginx.conf");
  const connections = visitors === "stock" ? undefined : plannedProxy(visitors, cpus().length).connections;
  writeFileSync(
    config,
    mainConfigFrom(readFileSync(STOCK_MAIN_CONFIG, "utf8"), {
      dir,
      site,
      connections,
      user: buildOwner(join(project, "build")),
    }),
  );
  const child = spawn(binary, ["-c", config, "-e", join(dir, "error.log"), "-g", "daemon off;"], {
    stdio: ["ignore", "ignore", "pipe"],
    detached,
  });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const stop = async () => {
    await stopProcess(child);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await accepting(port, child, () => `${stderr}${readIfThere(join(dir, "error.log"))}`);
  } catch (error) {
    await stop();
    throw error;
  }
  return { origin: `http://localhost:${port}`, port, pid: child.pid ?? 0, dir, child, stop };
}

const readIfThere = (file: string) => (existsSync(file) ? readFileSync(file, "utf8") : "");

/** Resolves once something accepts connections on 127.0.0.1:`port`; rejects if `child` exits first. */
async function accepting(port: number, child: ChildProcess, why: () => string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`nginx stopped at once (exit ${child.exitCode ?? child.signalCode}): ${why()}`);
    }
    if (await accepts(port)) return;
    await new Promise((wait) => setTimeout(wait, 25));
  }
  throw new Error(`nginx did not accept connections within 5 s: ${why()}`);
}
