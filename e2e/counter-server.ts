import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { startSiteProcess, stopProcess } from "../scripts/lib/local-servers";
import { SUITE_LIMITS } from "./suite-limits";

/**
 * A server of the site's own (`npm start`'s script), with a global counter nobody else touches:
 * its own port and data folder, so a test can expect exact totals while other tests click on the
 * suite's shared server.
 */
export interface CounterServer {
  origin: string;
  /** The total as the API reports it. */
  total(): Promise<number>;
  /** Counts clicks through the API, as another visitor would. */
  add(clicks: number): Promise<void>;
  /** How many log lines the server has written so far: a mark for `sendsSince`. */
  mark(): number;
  /**
   * Every POST to the counter since `mark`, as the server logged it: the request, then what it
   * counted. None means the page never sent; a send that counted nothing says so.
   */
  sendsSince(mark: number): string[];
  stop(): Promise<void>;
}

export async function startCounterServer(): Promise<CounterServer> {
  const dataDir = mkdtempSync(join(tmpdir(), "pointless-counter-"));
  const { origin, port, child, logs } = await startSiteProcess({
    COUNTER_DATA_DIR: dataDir,
    ...SUITE_LIMITS,
    // Every request and every counter send, for a failure to say what reached the server.
    LOG_LEVEL: "debug",
  });
  // Another visitor's device, with its running count.
  const device = `another-visitor-${port}-device`;
  let made = 0;
  return {
    origin,
    async total() {
      const response = await fetch(`${origin}/api/clicks`);
      return ((await response.json()) as { total: number }).total;
    },
    async add(clicks) {
      const response = await fetch(`${origin}/api/clicks`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ device, from: made, to: made + clicks }),
      });
      if (!response.ok) throw new Error(`the API refused a send: ${response.status}`);
      made += clicks;
    },
    mark: () => logs.length,
    sendsSince(mark) {
      return logs
        .slice(mark)
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .filter(
          (entry) =>
            (entry.msg === "request" && entry.method === "POST" && entry.route === "/api/clicks") ||
            entry.msg === "clicks send",
        )
        .map(({ time, level, ...entry }) => `${String(time).slice(11, 23)} ${JSON.stringify(entry)}`);
    },
    async stop() {
      await stopProcess(child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The clicks this browser has made and the server has not confirmed, as its ledgers say (one a page). */
export const waitingInLedger = (page: Page) =>
  page.evaluate(() => {
    let waiting = 0;
    for (let k = 0; k < localStorage.length; k++) {
      const key = localStorage.key(k) as string;
      if (!key.startsWith("globalClickLedger:")) continue;
      const ledger = JSON.parse(localStorage.getItem(key) as string) as { made: number; acked: number };
      waiting += ledger.made - ledger.acked;
    }
    return waiting;
  });
