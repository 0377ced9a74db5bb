import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { mainConfigFrom, plannedProxy, SITE_CONFIG, STOCK_MAIN_CONFIG, siteConfig } from "./nginx.ts";

const shipped = readFileSync(SITE_CONFIG, "utf8");

describe("the fleet's nginx configuration is the shipped one", () => {
  const config = siteConfig(shipped, { root: "/home/me/toys", port: 8123, upstreams: [4001, 4002] });

  it("changes only the folder, the servers and the listener", () => {
    expect(config).not.toContain("/srv/pointless-toys");
    expect(config).toContain("include /home/me/toys/build/nginx/http.conf;");
    expect(config).toContain("root /home/me/toys/build/client;");
    expect(config).toContain("  server 127.0.0.1:4001 max_fails=0;\n  server 127.0.0.1:4002 max_fails=0;\n");
    expect(config).not.toContain(":3001");
    expect(config).toContain("  listen 127.0.0.1:8123;");
    const untouched = (text: string) =>
      text
        .split("\n")
        .filter((line) => !/\/srv\/pointless-toys|\/home\/me\/toys|server 127\.0\.0\.1:|listen /.test(line));
    expect(untouched(config)).toEqual(untouched(shipped));
  });

  it("refuses a shipped file that no longer has a line it replaces, rather than run something else", () => {
    expect(() =>
      siteConfig(shipped.replace("  listen 80;", "  listen 8080;"), { root: "/x", port: 1, upstreams: [2] }),
    ).toThrow(/listen 80;/);
    expect(() =>
      siteConfig(shipped.replace(/server 127\.0\.0\.1:300\d/g, "server app"), { root: "/x", port: 1, upstreams: [2] }),
    ).toThrow(/example servers/);
  });

  it("passes Host whole, and the visitor's address as nginx saw it", () => {
    expect(config).toContain("proxy_set_header Host $http_host;");
    expect(config).not.toMatch(/proxy_set_header Host \$host;/);
    expect(config).toContain("proxy_set_header X-Forwarded-For $remote_addr;");
  });
});

describe("the fleet's main configuration is Debian's own, changed only as docs/deploy.md says", () => {
  const stock = readFileSync(STOCK_MAIN_CONFIG, "utf8");
  const docs = readFileSync("docs/deploy.md", "utf8");
  const planned = plannedProxy(2000, 2);
  const config = mainConfigFrom(stock, { dir: "/run/x", site: "/run/x/site.conf", connections: planned.connections });

  it("plans two connections per live visitor, half as many again per worker, and two open files per connection", () => {
    expect(planned).toEqual({ connections: 3000, openFiles: 6000 });
    // Never fewer than Debian gives.
    expect(plannedProxy(10, 2).connections).toBe(768);
  });

  it("changes the connections, the open files, where it writes and what it includes, nothing else", () => {
    expect(config).toContain("worker_connections 3000;");
    expect(config).toContain("worker_processes auto;\nworker_rlimit_nofile 6000;\n");
    expect(config).toContain("pid /run/x/nginx.pid;");
    expect(config).toContain("include /run/x/site.conf;");
    expect(config).not.toContain("sites-enabled");
    const changed =
      /worker_connections|worker_rlimit_nofile|^pid |error_log|access_log|include \/(etc\/nginx\/(conf\.d|sites-enabled)|run\/x)|^# Written/;
    const rest = (text: string) => text.split("\n").filter((line) => !changed.test(line.trim()));
    expect(rest(config)).toEqual(rest(stock));
    // The stock one, unplanned, keeps Debian's 768.
    const unplanned = mainConfigFrom(stock, { dir: "/run/x", site: "/run/x/site.conf" });
    expect(unplanned).toContain("worker_connections 768;");
    expect(unplanned).not.toContain("worker_rlimit_nofile");
  });

  it("names every change it makes in docs/deploy.md", () => {
    for (const line of [
      "worker_connections",
      "worker_rlimit_nofile",
      "LimitNOFILE",
      "pid /run/nginx.pid;",
      "error_log",
      "access_log",
      "include /etc/nginx/conf.d/*.conf;",
      "include /etc/nginx/sites-enabled/*;",
      "user www-data;",
      "daemon off;",
    ]) {
      expect(docs, line).toContain(line);
    }
  });

  it("refuses a main configuration that is not Debian's, rather than run something else", () => {
    expect(() =>
      mainConfigFrom(stock.replace("worker_connections 768;", "worker_connections 1024;"), {
        dir: "/x",
        site: "/x/s",
        connections: 4000,
      }),
    ).toThrow(/worker_connections 768;/);
  });
});
