import type { TestProject } from "vitest/node";
import { startRedis, stopProcess } from "../../scripts/lib/local-servers.ts";

declare module "vitest" {
  export interface ProvidedContext {
    redisUrl: string;
  }
}

/**
 * Vitest's global setup for the server's tests: a real Redis (Debian's redis-server) on a free
 * loopback port, with nothing saved to disk, stopped when the tests end.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const redis = await startRedis();
  project.provide("redisUrl", redis.url);
  return () => stopProcess(redis.child);
}
