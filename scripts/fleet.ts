// `npm run fleet`: the site as a fleet on this machine, in one command (docs/deploy.md): builds if
// needed, starts Redis (one redis-server, or with --sentinel a primary, a replica and three
// Sentinels), three site servers on it and nginx in front (Debian's nginx.conf changed as
// docs/deploy.md says, with the shipped deploy/nginx/pointless-toys.conf), all on loopback,
// prints the one address to open and each server's log.
//
// SIGINT (Ctrl-C), SIGTERM or SIGHUP (the terminal closed) stop it all in order: nginx, the
// servers (their last writes go to Redis), then Redis; a process that does not stop is killed
// (SIGKILL) after a grace. A second Ctrl-C kills everything at once. A server that does not start
// within 60 s stops the fleet, with its log's last lines. Nothing is left running.
//
//   npm run fleet                       three servers on one Redis, nginx on a free port
//   npm run fleet -- --sentinel         Redis with a replica and three Sentinels (or: npm run fleet --sentinel)
//   npm run fleet -- --servers 5 --port 8080
import { type ChildProcess, spawnSync } from "node:child_process";
import { parseArgs } from "node:util";
import { type Fleet, startFleet } from "./lib/fleet.ts";

const { values } = parseArgs({
  options: {
    servers: { type: "string", default: "3" },
    port: { type: "string" },
    sentinel: { type: "boolean", default: false },
  },
});
const servers = Number(values.servers);
const port = values.port === undefined ? undefined : Number(values.port);
// `npm run fleet --sentinel` gives the flag to npm, which passes it on as npm_config_sentinel.
const sentinel = values.sentinel || process.env.npm_config_sentinel === "true";
if (!Number.isInteger(servers) || servers < 1 || servers > 32) {
  console.error(`fleet: --servers must be a whole number from 1 to 32, got "${values.servers}"`);
  process.exit(1);
}
if (port !== undefined && !(Number.isInteger(port) && port > 0 && port < 65536)) {
  console.error(`fleet: --port must be a port number, got "${values.port}"`);
  process.exit(1);
}
const startTimeoutMs = Number(process.env.FLEET_START_TIMEOUT_MS ?? 60_000);

const build = spawnSync(process.execPath, ["scripts/build-if-needed.mjs"], { stdio: "inherit" });
if (build.status !== 0) process.exit(build.status ?? 1);

/** Every process the fleet started, as it is now (for a second Ctrl-C, which kills them at once). */
const children = new Set<ChildProcess>();
let fleet: Fleet | undefined;
let stopping = false;
// The fleet's processes are in process groups of their own, so a terminal's signal reaches this
// script only, which stops them in order.
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  process.on(signal, () => {
    if (stopping) {
      if (signal !== "SIGINT") return;
      console.log("\nfleet: stopping at once (SIGKILL to every process)");
      for (const child of children) killGroup(child);
      process.exit(130);
    }
    stopping = true;
    console.log(`\nfleet: ${signal}, stopping nginx, the servers and Redis... (Ctrl-C again: at once)`);
    void starting
      .then((started) => started.stop())
      .catch(() => {})
      .then(() => {
        console.log("fleet: stopped");
        process.exit(0);
      });
  });
}

/**
 * Kills a child's whole process group (nginx's workers with their master), whatever is left of it:
 * a master the orderly stop has already ended can leave workers finishing their connections, so
 * the group is killed even when its first process is gone.
 */
function killGroup(child: ChildProcess) {
  if (!child.pid) return;
  try {
    process.kill(-child.pid, "SIGKILL");
  } catch {
    // No process of the group is left (or it was never a group of its own): the child itself.
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  }
}

const starting = startFleet({
  servers,
  port,
  sentinel,
  startTimeoutMs,
  detached: true,
  onProcess: (child) => {
    children.add(child);
    console.log(`fleet: started ${child.spawnargs.slice(0, 2).join(" ")} (pid ${child.pid})`);
  },
  onLog: (k, line) => console.log(`[server ${k + 1}] ${line}`),
});
try {
  fleet = await starting;
} catch (error) {
  if (!stopping) {
    console.error(`fleet: could not start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
if (fleet && !stopping) {
  const redis = fleet.sentinel
    ? `Redis with a replica and three Sentinels (${fleet.redisUrl})`
    : `one Redis (${fleet.redisUrl})`;
  console.log(`
fleet: ${servers} site server(s) on ${redis}, behind nginx (pid ${fleet.proxy.pid}, its
configuration and logs in ${fleet.proxy.dir}):
${fleet.servers.map((server, k) => `  server ${k + 1}: ${server.origin} (pid ${server.pid})`).join("\n")}
  Redis: pid ${redisPids(fleet).join(", pid ")}

  Open ${fleet.origin}

Ctrl-C stops it all.`);
}

/** Redis' processes: the one redis-server, or the primary, the replica and the Sentinels. */
function redisPids(started: Fleet): number[] {
  const group = started.sentinel;
  if (!group) return started.redis ? [started.redis.pid ?? 0] : [];
  return [...group.nodes, ...group.sentinelNodes].map((node) => node.child.pid ?? 0);
}
