// `npm run fleet`: the site as a fleet on this machine, in one command (docs/deploy.md): builds if
// needed, starts a real redis-server, three site servers on it and nginx in front with the shipped
// configuration (deploy/nginx/pointless-toys.conf), all on loopback, prints the one address to
// open and each server's log. Ctrl-C (or SIGTERM) stops it all: nothing is left running.
//
//   npm run fleet                       three servers, nginx on a free port
//   npm run fleet -- --servers 5 --port 8080
import { spawnSync } from "node:child_process";
import { parseArgs } from "node:util";
import { type Fleet, startFleet } from "./lib/fleet.ts";

const { values } = parseArgs({
  options: { servers: { type: "string", default: "3" }, port: { type: "string" } },
});
const servers = Number(values.servers);
const port = values.port === undefined ? undefined : Number(values.port);
if (!Number.isInteger(servers) || servers < 1 || servers > 32) {
  console.error(`fleet: --servers must be a whole number from 1 to 32, got "${values.servers}"`);
  process.exit(1);
}
if (port !== undefined && !(Number.isInteger(port) && port > 0 && port < 65536)) {
  console.error(`fleet: --port must be a port number, got "${values.port}"`);
  process.exit(1);
}

const build = spawnSync(process.execPath, ["scripts/build-if-needed.mjs"], { stdio: "inherit" });
if (build.status !== 0) process.exit(build.status ?? 1);

let fleet: Fleet | undefined;
let stopping = false;
// The fleet's processes are in process groups of their own, so Ctrl-C reaches this script only,
// which stops them in order: nginx, the servers (their last writes go to Redis), then Redis.
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    console.log(`\nfleet: ${signal}, stopping nginx, the servers and Redis...`);
    void starting
      .then((started) => started.stop())
      .catch(() => {})
      .then(() => {
        console.log("fleet: stopped");
        process.exit(0);
      });
  });
}

const starting = startFleet({
  servers,
  port,
  detached: true,
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
  console.log(`
fleet: ${servers} site server(s) on one Redis (${fleet.redisUrl}), behind nginx (pid ${fleet.proxy.pid}, its
configuration and logs in ${fleet.proxy.dir}):
${fleet.servers.map((server, k) => `  server ${k + 1}: ${server.origin} (pid ${server.pid})`).join("\n")}

  Open ${fleet.origin}

Ctrl-C stops it all.`);
}
