import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SITE_CONFIG, siteConfig } from "./nginx.ts";

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
