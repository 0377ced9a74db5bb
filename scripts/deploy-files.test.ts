import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { readConfig } from "../server/ops/config.ts";

/** A systemd unit's or an environment file's `Key=value` lines (comments and sections left out). */
function settings(file: string): [string, string][] {
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => /^[A-Za-z]\w*=/.test(line))
    .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]);
}

const unit = settings("deploy/systemd/pointless-toys@.service");
const valuesOf = (key: string) => unit.filter(([name]) => name === key).map(([, value]) => value);
const env = Object.fromEntries(settings("deploy/systemd/pointless-toys.env"));

/**
 * The shipped environment as the server reads it (the real config reader). It ships no placeholder
 * VISITOR_SECRET (issue 56), so the reader takes the whole file as it is, with no complaint.
 */
const shippedConfig = () => readConfig(env);

describe("the systemd unit of a site server (deploy/systemd)", () => {
  it("runs the server itself with the project's Node, on the instance's port, with the shared settings", () => {
    expect(valuesOf("ExecStart")).toEqual(["/srv/pointless-toys/node_modules/.bin/node server/main.ts"]);
    expect(existsSync("server/main.ts")).toBe(true);
    expect(valuesOf("WorkingDirectory")).toEqual(["/srv/pointless-toys"]);
    expect(valuesOf("Environment")).toContain("PORT=%i");
    expect(valuesOf("EnvironmentFile")).toEqual(["/etc/pointless-toys/env"]);
    expect(valuesOf("Restart")).toEqual(["on-failure"]);
  });

  it("stops it with SIGTERM and waits longer than the server's own stop can take", () => {
    expect(valuesOf("KillSignal")).toEqual(["SIGTERM"]);
    // The settings the shipped environment file gives the server, not the defaults alone.
    const config = shippedConfig();
    // server/main.ts: the process is gone within the grace and 2 s more, whatever hangs.
    const serverStopS = (config.graceMs + 2000) / 1000;
    expect(Number.parseInt(valuesOf("TimeoutStopSec")[0] ?? "0", 10)).toBeGreaterThan(serverStopS);
  });

  it("has an example environment the server starts with, as a fleet behind nginx on the same machine", () => {
    const config = readConfig(env);
    expect(config).toMatchObject({ host: "127.0.0.1", redisUrl: env.REDIS_URL, visitorSecret: env.VISITOR_SECRET });
    expect(env.TRUST_PROXY).toBe("127.0.0.1");
    // No placeholder secret to copy (issue 56): unset, the fleet makes one and keeps it in Redis.
    expect(env.VISITOR_SECRET).toBeUndefined();
  });
});
