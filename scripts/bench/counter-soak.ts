// `npm run bench:counter -- --soak`: SOAK_SECONDS (600) of bounded mixed load (SOAK_RATE requests a
// second, 1000, on 24 connections) on one server process and a real Redis with an append-only file
// (every write on disk before it is acknowledged, so a restart keeps it). At 40% of the run Redis is
// frozen (SIGSTOP) for 20 s (10% of a shorter run), at 70% it is killed (SIGKILL) and started again
// on the same port and folder two seconds later. During those outages the API answers 503 (expected);
// a connection error, a timeout, another 5xx, or a 503 while Redis is well is a miss. The server's
// memory is read every 10 s (its JavaScript heap is capped, so a leak would end it), and afterwards
// every device's clicks are confirmed and the total must have risen by exactly the clicks they made
// (counter-devices.ts).

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { freePort, startRedis, startSiteProcess, stopProcess, thawOnInterrupt } from "../lib/local-servers.ts";
import { rssMb } from "../lib/process-limits.ts";
import { exactness, makeDevices, settle, statusText, totalAt } from "./counter-devices.ts";
import { startLoad } from "./counter-traffic.ts";

export const SOAK_CONNECTIONS = 24;
const DEVICES = 5000;
/** After Redis is back, the server's client reconnects within 2 s (server/ops/backends.ts): a 503 then is expected too. */
const RECOVERY_MS = 5000;
const HEAP_CAP_MB = 128;

const mb = (value: number) => `${value.toFixed(0)} MB`;

/** Latencies in whole milliseconds, for a p99. */
class Latencies {
  private counts = new Map<number, number>();
  private n = 0;
  add(ms: number) {
    const key = Math.ceil(ms);
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
    this.n++;
  }
  get size() {
    return this.n;
  }
  p99() {
    let seen = 0;
    for (const [ms, count] of [...this.counts].sort(([a], [b]) => a - b)) {
      seen += count;
      if (seen >= this.n * 0.99) return ms;
    }
    return 0;
  }
}

export async function soak(seconds: number, rate: number): Promise<{ lines: string[]; failures: string[] }> {
  const dir = mkdtempSync(join(tmpdir(), "bench-soak-"));
  const port = await freePort();
  let redis = await startRedis({ port, dir });
  // The server's JavaScript heap is capped: a leak ends it (a fatal out-of-memory error) within the
  // run instead of hiding in a lazily grown heap.
  const site = await startSiteProcess({
    REDIS_URL: redis.url,
    TRUST_PROXY: "loopback",
    NODE_OPTIONS: `--max-old-space-size=${HEAP_CAP_MB}`,
  });
  const pid = site.child.pid as number;
  // Never leave a frozen redis-server behind, whatever stops the bench.
  const stopWatching = thawOnInterrupt(redis.child, site.child);
  const failures: string[] = [];
  const freezeMs = Math.min(20_000, seconds * 100);
  const events: string[] = [];
  const memory: { at: number; mb: number }[] = [];
  // When Redis was out of reach (from, to), in ms since the start, and the answers meanwhile.
  const outages: [number, number][] = [];
  const steady = new Latencies();
  const unwell: Record<string, number> = {};
  try {
    const devices = makeDevices("soak", DEVICES);
    const before = await totalAt(site.origin);
    const started = Date.now();
    const now = () => Date.now() - started;
    const at = () => `${(now() / 1000).toFixed(0)} s`;
    const inOutage = (t: number) => outages.some(([from, to]) => t >= from && t <= to + RECOVERY_MS);
    const sampler = setInterval(() => memory.push({ at: now() / 1000, mb: rssMb(pid) }), 10_000);
    const disturb = (async () => {
      await sleep(seconds * 400);
      const frozen = now();
      outages.push([frozen, Number.POSITIVE_INFINITY]);
      redis.child.kill("SIGSTOP");
      events.push(`froze Redis at ${at()}`);
      await sleep(freezeMs);
      redis.child.kill("SIGCONT");
      (outages[0] as [number, number])[1] = now();
      events.push(`woke it at ${at()}`);
      await sleep(Math.max(0, seconds * 700 - now()));
      outages.push([now(), Number.POSITIVE_INFINITY]);
      await stopProcess(redis.child, "SIGKILL");
      events.push(`killed it at ${at()}`);
      await sleep(2000);
      redis = await startRedis({ port, dir });
      (outages[1] as [number, number])[1] = now();
      events.push(`started it again at ${at()}`);
    })();
    const result = await startLoad(site.origin, devices, {
      seconds,
      connections: SOAK_CONNECTIONS,
      rate,
      onAnswer: (status, ms) => {
        if (inOutage(now())) return;
        steady.add(ms);
        if (status !== 200 && status !== 429) unwell[status] = (unwell[status] ?? 0) + 1;
      },
    }).done;
    await disturb;
    clearInterval(sampler);
    const end = { at: now() / 1000, mb: rssMb(pid) };
    memory.push(end);
    const alive = site.child.exitCode === null && site.child.signalCode === null;
    let counted = "not checked: the server had stopped ✗";
    if (alive) {
      const settled = await settle(site.origin, devices);
      const rose = (await totalAt(site.origin)) - before;
      const check = exactness("soak", devices, rose, result.tally, settled);
      failures.push(...check.failures);
      counted = check.text;
    } else failures.push("soak: the server stopped during the run");

    // At a minute (for a run shorter than that, the first sample).
    const minute = memory.find((m) => m.at >= 60);
    const early = minute ?? memory[0];
    const peak = Math.max(...memory.map((m) => m.mb));
    const statuses = Object.keys(result.status).filter((code) => !["200", "429", "503"].includes(code));
    if (result.errors > 0) failures.push(`soak: ${result.errors} connection errors or timeouts`);
    if (statuses.length > 0) failures.push(`soak: answers ${statusText(result.status)}`);
    if (Object.keys(unwell).length > 0)
      failures.push(`soak: answers while Redis was well, besides 200 and 429: ${statusText(unwell)}`);
    // Memory must level off: a server that keeps growing for minutes is a leak.
    if (minute && seconds >= 180 && end.mb > minute.mb * 1.25 + 20)
      failures.push(`soak: the server's memory grew from ${mb(minute.mb)} at 60 s to ${mb(end.mb)}`);

    return {
      failures,
      lines: [
        `- ${result.requests} requests in ${seconds} s (${Math.round(result.perSecond)}/s of at most ${rate}/s) on one server and Redis, ${devices.length} devices; ${events.join(", ")}. Answers: ${statusText(result.status)}; connection errors and timeouts: ${result.errors}. p99 latency ${result.p99} ms over the whole run, ${steady.p99()} ms outside the outages (and ${RECOVERY_MS / 1000} s after each); besides 200 and 429, answers outside the outages: ${statusText(unwell)}.`,
        `- The server's memory (RSS, its JavaScript heap capped at ${HEAP_CAP_MB} MB so that a leak would end it): ${early ? `${mb(early.mb)} at ${early.at.toFixed(0)} s` : "not sampled"}, ${mb(end.mb)} at the end (${end.at.toFixed(0)} s), at most ${mb(peak)} (sampled every 10 s); ${alive ? "it ran to the end" : "it stopped ✗"}.`,
        `- Afterwards every device's clicks were confirmed, as pages do on their next sends: ${counted}.`,
      ],
    };
  } finally {
    stopWatching();
    redis.child.kill("SIGCONT");
    await stopProcess(site.child);
    await stopProcess(redis.child);
    rmSync(dir, { recursive: true, force: true });
  }
}
