import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { mainConfigFrom, plannedProxy, SITE_CONFIG, STOCK_MAIN_CONFIG } from "./nginx.ts";
import { proxyCapacity } from "./proxy-capacity.ts";

const stock = readFileSync(STOCK_MAIN_CONFIG, "utf8");
const site = readFileSync(SITE_CONFIG, "utf8");

describe("npm run deploy-check: the live visitors nginx holds against the servers behind it", () => {
  it("says Debian's nginx.conf holds 768 visitors on two cores, far below three servers' 30,000, and what to set", () => {
    const capacity = proxyCapacity({ main: stock, site, cores: 2, openFiles: 1024, liveMaxConnections: 10_000 });
    expect(capacity).toMatchObject({ workers: 2, connections: 768, visitors: 768, servers: 3, behind: 30_000 });
    expect(capacity.advice).toMatch(/holds about 768 live visitors .* below the 30000 .* worker_connections 45000;/);
  });

  it("is content once nginx is planned as docs/deploy.md says", () => {
    const { connections } = plannedProxy(30_000, 2);
    const main = mainConfigFrom(stock, { dir: "/x", site: "/x/s", connections });
    const capacity = proxyCapacity({ main, site, cores: 2, openFiles: 1024, liveMaxConnections: 10_000 });
    expect(capacity.visitors).toBeGreaterThanOrEqual(30_000);
    expect(capacity.advice).toBeNull();
  });

  it("counts the open-file limit: 4,096 connections a worker under systemd's 1,024 files hold 496 visitors a worker", () => {
    const main = stock.replace("worker_connections 768;", "worker_connections 4096;");
    const capacity = proxyCapacity({ main, site, cores: 2, openFiles: 1024, liveMaxConnections: 100 });
    expect(capacity.visitors).toBe(992);
    expect(capacity.advice).toBeNull();
  });
});
