// `npm run bench:counter -- --soak`: SOAK_SECONDS (600) of mixed load on one server process on a
// real Redis (with an append-only file, so a restart keeps what it acknowledged), with Redis
// frozen (SIGSTOP) for 20 s at 40% of the run and killed (SIGKILL) and started again at 70%.
// During the outages the API answers 503 (expected); a connection error or a timeout is a miss.
// The server's memory is read every 10 s (it must not keep growing), and afterwards every
// device's clicks are confirmed and the total must be exactly what they made.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort, startRedis, startSiteProcess, stopProcess } from "../lib/local-servers.ts";
import { catchUp, load, made, makeDevices, statusText, totalAt } from "./counter-load.ts";

const rssMb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const HEAP_CAP_MB = 128;

export async function soak(seconds: number): Promise<{ lines: string[]; failures: string[] }> {
  const dir = mkdtempSync(join(tmpdir(), "bench-soak-"));
  const port = await freePort();
  let redis = await startRedis({ port, dir });
  // The server's JavaScript heap is capped at 128 MB: a leak would end it (a fatal out-of-memory
  // error) within the run instead of hiding in the operating system's lazily grown heap.
  const site = await startSiteProcess({
    REDIS_URL: redis.url,
    TRUST_PROXY: "1",
    NODE_OPTIONS: `--max-old-space-size=${HEAP_CAP_MB}`,
  });
  const pid = site.child.pid as number;
  const failures: string[] = [];
  const freezeMs = Math.min(20_000, seconds * 100);
  const events: string[] = [];
  const memory: { at: number; mb: number }[] = [];
  try {
    const devices = makeDevices("soak", 5000);
    const before = await totalAt(site.origin);
    const started = Date.now();
    const sampler = setInterval(() => memory.push({ at: (Date.now() - started) / 1000, mb: rssMb(pid) }), 10_000);
    const outages = (async () => {
      await sleep(seconds * 400);
      redis.child.kill("SIGSTOP");
      events.push(`froze Redis at ${((Date.now() - started) / 1000).toFixed(0)} s`);
      await sleep(freezeMs);
      redis.child.kill("SIGCONT");
      events.push(`woke it at ${((Date.now() - started) / 1000).toFixed(0)} s`);
      await sleep(seconds * 300 - freezeMs);
      await stopProcess(redis.child, "SIGKILL");
      events.push(`killed it at ${((Date.now() - started) / 1000).toFixed(0)} s`);
      await sleep(2000);
      redis = await startRedis({ port, dir });
      events.push(`started it again at ${((Date.now() - started) / 1000).toFixed(0)} s`);
    })();
    const result = await load(site.origin, seconds, devices, { connections: 16 });
    await outages;
    clearInterval(sampler);
    await catchUp(site.origin, devices);
    const rose = (await totalAt(site.origin)) - before;
    const exact = rose === made(devices);
    const first = memory.find((m) => m.at >= 60) ?? memory[0];
    const last = memory.at(-1);
    const peak = Math.max(...memory.map((m) => m.mb));
    if (!exact) failures.push(`soak: the total rose by ${rose}, the devices made ${made(devices)}`);
    if (result.errors > 0) failures.push(`soak: ${result.errors} connection errors or timeouts`);
    const alive = site.child.exitCode === null && site.child.signalCode === null;
    if (!alive) failures.push("soak: the server stopped during the run");
    if (first && last && last.mb > first.mb * 1.25 + 20)
      failures.push(`soak: memory grew from ${first.mb.toFixed(0)} MB to ${last.mb.toFixed(0)} MB`);
    const lines = [
      `- Soak: ${result.requests} requests in ${seconds} s (${Math.round(result.perSecond)}/s) on one server and Redis, ${devices.length} devices; ${events.join(", ")}. Answers: ${statusText(result.status)}; connection errors and timeouts: ${result.errors}; p99 ${result.p99} ms over the whole run.`,
      `- The server's memory (RSS, its JavaScript heap capped at ${HEAP_CAP_MB} MB so that a leak would end it): ${first ? `${first.mb.toFixed(0)} MB at ${first.at.toFixed(0)} s` : "not sampled"}, ${last ? `${last.mb.toFixed(0)} MB at ${last.at.toFixed(0)} s` : ""}, at most ${peak.toFixed(0)} MB (sampled every 10 s); ${alive ? "it ran to the end" : "it stopped ✗"}.`,
      `- Afterwards every device's clicks were confirmed (as pages do on their next sends): the stored total rose by ${rose}, the devices made ${made(devices)}${exact ? " (equal)" : " ✗"}.`,
    ];
    return { lines, failures };
  } finally {
    await stopProcess(site.child);
    redis.child.kill("SIGCONT");
    await stopProcess(redis.child);
    rmSync(dir, { recursive: true, force: true });
  }
}
