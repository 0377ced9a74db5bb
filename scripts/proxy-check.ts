// `npm run deploy-check`, on nginx's machine (docs/deploy.md, "nginx for a planned number of
// visitors"): how many live visitors nginx in front holds (its main configuration, the site's file,
// its open-file limit), against LIVE_MAX_CONNECTIONS times the servers in its upstream. Exits 1 when
// nginx holds fewer, saying what to set.
//
//   npm run deploy-check [-- --nginx /etc/nginx/nginx.conf --site /etc/nginx/conf.d/pointless-toys.conf --env /etc/pointless-toys/env]
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { cpus } from "node:os";
import { parseArgs } from "node:util";
import { proxyCapacity } from "./lib/proxy-capacity.ts";

const { values } = parseArgs({
  options: {
    nginx: { type: "string", default: "/etc/nginx/nginx.conf" },
    site: { type: "string", default: "/etc/nginx/conf.d/pointless-toys.conf" },
    env: { type: "string", default: "/etc/pointless-toys/env" },
  },
});

for (const file of [values.nginx, values.site]) {
  if (!existsSync(file)) {
    console.error(`deploy-check: ${file} is missing (docs/deploy.md, "One machine", step 5)`);
    process.exit(1);
  }
}

/** nginx's open-file limit: the running master's, else systemd's for the unit, else 1024. */
function openFiles(): number {
  try {
    const pid = readFileSync("/run/nginx.pid", "utf8").trim();
    const soft = /Max open files\s+(\d+)/.exec(readFileSync(`/proc/${pid}/limits`, "utf8"))?.[1];
    if (soft) return Number(soft);
  } catch {
    // Not running here.
  }
  try {
    const shown = execFileSync("systemctl", ["show", "nginx", "-p", "LimitNOFILESoft", "--value"], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    }).trim();
    if (/^\d+$/.test(shown)) return Number(shown);
  } catch {
    // No systemd.
  }
  return 1024;
}

const env = existsSync(values.env) ? readFileSync(values.env, "utf8") : "";
const live = Number(/^\s*LIVE_MAX_CONNECTIONS\s*=\s*(\d+)/m.exec(env)?.[1] ?? 10_000);
const capacity = proxyCapacity({
  main: readFileSync(values.nginx, "utf8"),
  site: readFileSync(values.site, "utf8"),
  cores: cpus().length,
  openFiles: openFiles(),
  liveMaxConnections: live,
});
console.log(
  `deploy-check: nginx, ${capacity.workers} worker(s) x ${capacity.connections} connections (${capacity.openFiles} open files): about ${capacity.visitors} live visitors; behind it ${capacity.servers} server(s) x LIVE_MAX_CONNECTIONS ${live} = ${capacity.behind}`,
);
if (capacity.advice) {
  console.error(`deploy-check: ${capacity.advice}`);
  process.exit(1);
}
console.log("deploy-check: nginx holds what the servers behind it take");
