import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startSiteProcess, stopProcess } from "../scripts/lib/local-servers";
import { test as base } from "./fixtures";
import { SUITE_LIMITS } from "./suite-limits";

/**
 * The suite's fixtures with a server of the spec's own (server/main.ts, one per worker): its data
 * in a folder nobody else touches, the suite's limits (suite-limits.ts) and `env` its settings,
 * and every page of the spec opened on it (`baseURL`): for a shared toy whose tests expect exact
 * state while other specs use the suite's server.
 */
export function withPrivateServer(name: string, env: Record<string, string> = {}) {
  return base.extend<object, { privateServer: { origin: string } }>({
    privateServer: [
      // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature
      async ({}, use) => {
        const dataDir = mkdtempSync(join(tmpdir(), `pointless-${name}-`));
        const { origin, child } = await startSiteProcess({ COUNTER_DATA_DIR: dataDir, ...SUITE_LIMITS, ...env });
        await use({ origin });
        await stopProcess(child);
        rmSync(dataDir, { recursive: true, force: true });
      },
      { scope: "worker" },
    ],
    baseURL: async ({ privateServer }, use) => use(privateServer.origin),
  });
}
