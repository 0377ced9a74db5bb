import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startSiteProcess, stopProcess } from "../scripts/lib/local-servers";
import { test as base } from "./fixtures";
import { SUITE_LIMITS } from "./suite-limits";

/**
 * The suite's fixtures with a server of the spec file's own (server/main.ts, started by the
 * file's first test in a worker, stopped when the worker goes on to another file or ends):
 * its data in a folder nobody else touches, the suite's limits (suite-limits.ts) and `env` its
 * settings, and every page of the spec opened on it (`baseURL`): for a shared toy whose tests
 * expect exact state while other specs use the suite's server. One per file, not per worker: two
 * spec files of one toy (its shared use, and its tests away from the server) each begin from an
 * empty store, whichever worker runs them and in whichever order (one per worker, a file run after
 * another found the bubbles it had popped). The servers are kept by the suite's worker fixture
 * (e2e/worker-servers.ts), so these specs run in the suite's workers rather than each in its own.
 */
export function withPrivateServer(name: string, env: Record<string, string> = {}) {
  return base.extend({
    baseURL: async ({ workerServers }, use, testInfo) => {
      const server = await workerServers.get(testInfo.file, "private", () => startPrivateServer(name, env));
      await use(server.origin);
    },
  });
}

interface PrivateServer {
  origin: string;
  stop(): Promise<void>;
}

async function startPrivateServer(name: string, env: Record<string, string>): Promise<PrivateServer> {
  const dataDir = mkdtempSync(join(tmpdir(), `pointless-${name}-`));
  const { origin, child } = await startSiteProcess({ COUNTER_DATA_DIR: dataDir, ...SUITE_LIMITS, ...env });
  return {
    origin,
    async stop() {
      await stopProcess(child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
