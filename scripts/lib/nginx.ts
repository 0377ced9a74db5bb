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
import { tmpdir } from "node:os";
import { delimiter, join, resolve } from "node:path";
import { accepts, freePort, stopProcess } from "./local-servers.ts";

export const SITE_CONFIG = "deploy/nginx/pointless-toys.conf";
/** Where the shipped file expects the project (its build), and the servers it names, to be replaced. */
const SHIPPED_ROOT = "/srv/pointless-toys";
const SHIPPED_UPSTREAMS = /^( {2}server 127\.0\.0\.1:300\d( [^;\n]*)?;\n)+/m;

/** `text` with every `from` replaced by `to`, which must occur `times` times (so the shipped file cannot drift). */
function replaceChecked(text: string, from: string | RegExp, to: string, times: number, what: string): string {
  const found =
    typeof from === "string" ? text.split(from).length - 1 : [...text.matchAll(new RegExp(from.source, "gm"))].length;
  if (found !== times) {
    throw new Error(`${SITE_CONFIG}: expected ${what} ${times} time(s), found it ${found} time(s)`);
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
  let config = replaceChecked(text, SHIPPED_ROOT, root, 5, SHIPPED_ROOT);
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

/**
 * The main configuration around the site's: in the foreground, one folder for everything nginx
 * writes. As root, the workers read the build as the user who owns it (nginx's default, nobody,
 * may not be let into a home folder).
 */
function mainConfig({
  dir,
  module,
  site,
  root,
  workers,
  connections,
}: {
  dir: string;
  module: string;
  site: string;
  root: string;
  workers: number | "auto";
  connections: number;
}): string {
  let user = "";
  if (process.getuid?.() === 0) {
    const owner = String(statSync(root).uid);
    const name = execFileSync("id", ["-nu", owner], { encoding: "utf8" }).trim();
    const group = execFileSync("id", ["-ng", owner], { encoding: "utf8" }).trim();
    user = `user ${name} ${group};\n`;
  }
  const temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"]
    .map((kind) => `  ${kind}_temp_path ${join(dir, `${kind}_temp`)};`)
    .join("\n");
  return `# Written by scripts/lib/nginx.ts for one run: the site's own file is ${site}.
daemon off;
${user}worker_processes ${workers};
worker_rlimit_nofile ${connections * 2 + 64};
pid ${join(dir, "nginx.pid")};
error_log ${join(dir, "error.log")} warn;
load_module ${module};
events {
  worker_connections ${connections};
}
http {
${temp}
  access_log ${join(dir, "access.log")};
  sendfile on;
  default_type application/octet-stream;
  include ${site};
}
`;
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
 * serving the build under `root` (the project's folder), with the shipped configuration, changed
 * only by `edit` when a test asks (after the ports and folders). Resolves once it accepts
 * connections; `stop` ends it (SIGTERM: its workers end with it) and removes its folder.
 */
export async function startProxy({
  upstreams,
  port: fixedPort,
  root = process.cwd(),
  edit = (site) => site,
  workers = 1,
  connections = 4096,
  detached = false,
}: {
  upstreams: readonly number[];
  port?: number;
  root?: string;
  edit?: (site: string) => string;
  workers?: number | "auto";
  connections?: number;
  /** In a process group of its own (local-servers.ts startRedis says why). */
  detached?: boolean;
}): Promise<ProxyProcess> {
  const project = resolve(root);
  if (!existsSync(join(project, "build/nginx/http.conf"))) {
    throw new Error("the build has no nginx includes (build/nginx/): run `npm run build`");
  }
  const binary = nginxBinary();
  const module = brotliModule(binary);
  const port = fixedPort ?? (await freePort());
  const dir = mkdtempSync(join(tmpdir(), "pointless-nginx-"));
  // The workers (another user, as root) write temporary files here.
  chmodSync(dir, 0o755);
  const site = join(dir, "pointless-toys.conf");
  writeFileSync(
    site,
    edit(siteConfig(readFileSync(join(project, SITE_CONFIG), "utf8"), { root: project, port, upstreams })),
  );
  const config = join(dir, "nginx.conf");
  writeFileSync(config, mainConfig({ dir, module, site, root: join(project, "build"), workers, connections }));
  const child = spawn(binary, ["-p", `${dir}/`, "-c", config, "-e", join(dir, "error.log")], {
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
