// How many live visitors nginx in front holds, from its main configuration, the site's file and its
// open-file limit, against what the site's servers behind it take (LIVE_MAX_CONNECTIONS each):
// `npm run deploy-check` (docs/deploy.md, "nginx for a planned number of visitors").

/** What nginx holds of each worker: a few files besides connections (logs, listeners, files being sent). */
const SPARE_FILES = 32;

export interface ProxyCapacity {
  workers: number;
  connections: number;
  openFiles: number;
  /** Live visitors at once: each holds two of a worker's connections. */
  visitors: number;
  /** The site's servers in the upstream. */
  servers: number;
  /** What they take: LIVE_MAX_CONNECTIONS x the servers. */
  behind: number;
  /** What to set, for `behind` visitors (scripts/lib/nginx.ts plannedProxy's rule). */
  advice: string | null;
}

const number = (text: string, pattern: RegExp) => {
  const found = pattern.exec(text.replace(/#.*$/gm, ""));
  return found ? found[1] : undefined;
};

export function proxyCapacity({
  main,
  site,
  cores,
  openFiles: limit,
  liveMaxConnections,
}: {
  /** /etc/nginx/nginx.conf's text. */
  main: string;
  /** The site's file (deploy/nginx/pointless-toys.conf as installed). */
  site: string;
  cores: number;
  /** nginx's open-file limit (the master's, which workers keep unless worker_rlimit_nofile). */
  openFiles: number;
  liveMaxConnections: number;
}): ProxyCapacity {
  const processes = number(main, /^\s*worker_processes\s+(\w+)\s*;/m) ?? "1";
  const workers = processes === "auto" ? cores : Number(processes);
  const connections = Number(number(main, /^\s*worker_connections\s+(\d+)\s*;/m) ?? 512);
  const openFiles = Number(number(main, /^\s*worker_rlimit_nofile\s+(\d+)\s*;/m) ?? limit);
  const perWorker = Math.max(0, Math.min(connections, openFiles - SPARE_FILES));
  const visitors = Math.floor((workers * perWorker) / 2);
  const upstream = /upstream\s+pointless_toys\s*\{([^}]*)\}/.exec(site.replace(/#.*$/gm, ""))?.[1] ?? "";
  const servers = [...upstream.matchAll(/^\s*server\s+\S+/gm)].length;
  const behind = liveMaxConnections * servers;
  const planned = Math.max(768, Math.ceil(((2 * behind) / workers) * 1.5));
  return {
    workers,
    connections,
    openFiles,
    visitors,
    servers,
    behind,
    advice:
      visitors >= behind
        ? null
        : `nginx holds about ${visitors} live visitors (${workers} worker(s) x ${perWorker} connections / 2), below the ${behind} its ${servers} server(s) take (LIVE_MAX_CONNECTIONS ${liveMaxConnections} each): set worker_connections ${planned}; and worker_rlimit_nofile ${2 * planned}; in /etc/nginx/nginx.conf and LimitNOFILE=${2 * planned} for nginx (systemctl edit nginx), then restart it (docs/deploy.md, "nginx for a planned number of visitors")`,
  };
}
