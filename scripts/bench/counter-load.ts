// `npm run bench:counter`'s load and crash tests, for one store (SQLite or Redis), each on a server
// process of its own (TRUST_PROXY=loopback, so every simulated device has its own address and the default
// rate limits apply per device). The devices and the exactness check: counter-devices.ts.
import { setTimeout as sleep } from "node:timers/promises";
import { startSiteProcess, stopProcess } from "../lib/local-servers.ts";
import {
  acked,
  exactness,
  made,
  makeDevices,
  resendAcknowledged,
  settle,
  statusText,
  totalAt,
} from "./counter-devices.ts";
import { startLoad } from "./counter-traffic.ts";

export const DEVICES = 5000;
export const CONNECTIONS = 32;

/** The site's server, trusting X-Forwarded-For so every simulated device has its own address. */
export const startSite = (env: Record<string, string>) => startSiteProcess({ ...env, TRUST_PROXY: "loopback" });

/** Answers a healthy server may give under this load: 200, and 429 from a device's rate limit. */
const unexpected = (status: Record<string, number>) =>
  Object.entries(status)
    .filter(([code]) => code !== "200" && code !== "429")
    .reduce((sum, [, n]) => sum + n, 0);

/**
 * Mixed load for `seconds`, then every device's clicks confirmed: a row of the report's table, and
 * what was missed.
 */
export async function loadTest(
  name: string,
  env: Record<string, string>,
  seconds: number,
): Promise<{ row: string; note: string; failures: string[] }> {
  const site = await startSite(env);
  try {
    const devices = makeDevices(name.toLowerCase(), DEVICES);
    const before = await totalAt(site.origin);
    const result = await startLoad(site.origin, devices, { seconds, connections: CONNECTIONS }).done;
    const settled = await settle(site.origin, devices);
    const rose = (await totalAt(site.origin)) - before;
    const check = exactness(name, devices, rose, result.tally, settled);
    const failures = [...check.failures];
    if (result.errors > 0) failures.push(`${name}: ${result.errors} connection errors or timeouts under load`);
    if (unexpected(result.status) > 0) failures.push(`${name}: answers ${statusText(result.status)} under load`);
    const exact = check.failures.length === 0;
    return {
      row: `| ${name} | ${result.requests} in ${seconds} s (${Math.round(result.perSecond)}/s) | ${result.p99} ms | ${statusText(result.status)} | ${result.errors} | ${made(devices)} | ${rose} ${exact ? "(equal)" : "✗"} |`,
      note: `- ${name}, where the clicks were counted: ${check.text}.`,
      failures,
    };
  } finally {
    await stopProcess(site.child);
  }
}

/**
 * The server killed (SIGKILL) halfway through a load and started again on the same store: every
 * device's acknowledged clicks, sent again as `{ from: 0, to: acked }`, count nothing (none was
 * lost, none is counted twice), and once every device is confirmed the total is exact.
 */
export async function crashTest(
  name: string,
  env: Record<string, string>,
  seconds = 10,
): Promise<{ note: string; failures: string[] }> {
  let site = await startSite(env);
  const devices = makeDevices(`${name.toLowerCase()}-crash`, DEVICES);
  try {
    const before = await totalAt(site.origin);
    const load = startLoad(site.origin, devices, { seconds, connections: CONNECTIONS });
    await sleep((seconds * 1000) / 2);
    await stopProcess(site.child, "SIGKILL");
    load.stop();
    const result = await load.done;
    site = await startSite(env);
    const acknowledged = acked(devices);
    const again = await resendAcknowledged(site.origin, devices);
    const settled = await settle(site.origin, devices);
    const rose = (await totalAt(site.origin)) - before;
    const check = exactness(`${name} crash`, devices, rose, result.tally, settled);
    const failures = [...check.failures];
    if (again.recounted > 0 || again.forgotten > 0 || again.unanswered > 0)
      failures.push(
        `${name} crash: of ${again.checked} acknowledged ranges sent again, ${again.recounted} clicks were counted again, ${again.forgotten} devices were confirmed less than before, ${again.unanswered} got no 200`,
      );
    const kept = failures.length === 0;
    return {
      note: `- ${name}: killed (SIGKILL) ${seconds / 2} s into a ${seconds} s load (${result.requests} requests answered by then) and started again on the same store. ${devices.filter((d) => d.acked > 0).length} devices had ${acknowledged} clicks acknowledged; each sent again as \`{ from: 0, to: acked }\`, ${again.recounted} clicks were counted again and ${again.forgotten} devices were confirmed less than before. Once every device was confirmed: ${check.text}.${kept ? "" : " ✗"}`,
      failures,
    };
  } finally {
    await stopProcess(site.child);
  }
}
