// `npm run bench:counter`: the global click counter on loopback, as pages use it (contracts/clicks.ts:
// `POST /api/clicks` with `{ device, from, to }`, answered `{ total, counted, acked }`).
// By default, for SQLite and for Redis (a redis-server started here on a free port):
// 1. Load (scripts/bench/counter-load.ts): BENCH_COUNTER_SECONDS (30) of mixed GET and POST from
//    5000 simulated devices, each its own address and ledger (scripts/bench/counter-devices.ts):
//    p99 latency, answers by status, and, once every device's clicks are confirmed, the stored
//    total must have risen by exactly the clicks the devices made.
// 2. Crash: the server killed (SIGKILL) halfway through a 10 s load (less with a shorter load) and
//    started again: every device's acknowledged range, sent again from 0, counts nothing; the
//    total is exact.
// 3. Two Chromium tabs click while a third client hammers the API: the tabs come to show the
//    server's total and their ledger loses no click (scripts/bench/counter-tabs.ts).
// 4. Redis frozen (SIGSTOP) for 5 s while clients keep the API waiting on it: every page must still
//    be served within 500 ms, and every API answer be a 503 (scripts/bench/counter-frozen.ts).
// About three minutes. `--soak` (scripts/bench/counter-soak.ts): SOAK_SECONDS (600) on Redis, frozen
// and killed on the way. `--fuzz` (scripts/bench/counter-fuzz.ts): hostile request lines and headers
// on raw sockets, under a minute. Writes docs/counter.md between its bench, soak or fuzz markers
// (not when BENCH_COUNTER_SECONDS, SOAK_SECONDS, SOAK_RATE, FUZZ_CASES or FUZZ_WAIT_MS changes the
// run) and exits non-zero on a miss.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { frozenStore } from "./bench/counter-frozen.ts";
import { fuzz } from "./bench/counter-fuzz.ts";
import { CONNECTIONS, crashTest, DEVICES, loadTest } from "./bench/counter-load.ts";
import { SOAK_CONNECTIONS, soak } from "./bench/counter-soak.ts";
import { twoTabs } from "./bench/counter-tabs.ts";
import { startRedis, stopProcess } from "./lib/local-servers.ts";
import { replaceBlock } from "./lib/local-site.ts";

const mode = process.argv.includes("--soak") ? "soak" : process.argv.includes("--fuzz") ? "fuzz" : "bench";
const SECONDS = Number(process.env.BENCH_COUNTER_SECONDS ?? 30);
const SOAK_SECONDS = Number(process.env.SOAK_SECONDS ?? 600);
const SOAK_RATE = Number(process.env.SOAK_RATE ?? 1000);
const shortened = ["BENCH_COUNTER_SECONDS", "SOAK_SECONDS", "SOAK_RATE", "FUZZ_CASES", "FUZZ_WAIT_MS"].some(
  (name) => process.env[name] !== undefined,
);
const loadavg = () => readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
const today = new Date().toISOString().slice(0, 10);

const failures: string[] = [];
const body: string[] = [];
const loadBefore = loadavg();
const sqliteDir = mkdtempSync(join(tmpdir(), "bench-counter-"));
const sqlite = { COUNTER_DATA_DIR: sqliteDir };
let header = "";
try {
  if (mode === "soak") {
    const result = await soak(SOAK_SECONDS, SOAK_RATE);
    header = `Measured ${today} on loopback, 2 cores, by \`npm run bench:counter -- --soak\`: one server process on a redis-server with an append-only file, ${SOAK_CONNECTIONS} connections from autocannon on the same machine at most ${SOAK_RATE} requests a second, alternating a GET and a POST from one of 5000 simulated devices.`;
    body.push(...result.lines);
    failures.push(...result.failures);
  } else if (mode === "fuzz") {
    const result = await fuzz(sqlite);
    header = `Measured ${today} on loopback, 2 cores, by \`npm run bench:counter -- --fuzz\`, against one server process on SQLite.`;
    body.push(...result.lines);
    failures.push(...result.failures);
  } else {
    const redis = await startRedis();
    const viaRedis = { REDIS_URL: redis.url };
    const rows: string[] = [];
    const notes: string[] = [];
    try {
      for (const [name, env] of [
        ["SQLite", sqlite],
        ["Redis", viaRedis],
      ] as const) {
        const result = await loadTest(name, env, SECONDS);
        rows.push(result.row);
        notes.push(result.note);
        failures.push(...result.failures);
      }
      for (const [name, env] of [
        ["SQLite", sqlite],
        ["Redis", viaRedis],
      ] as const) {
        const result = await crashTest(name, env, Math.min(10, SECONDS));
        notes.push(result.note);
        failures.push(...result.failures);
      }
      const tabs = await twoTabs(sqlite, Math.min(10, SECONDS));
      notes.push(tabs.note);
      failures.push(...tabs.failures);
      const frozen = await frozenStore(Math.min(5, SECONDS));
      notes.push(frozen.note);
      failures.push(...frozen.failures);
    } finally {
      await stopProcess(redis.child);
    }
    header = `Measured ${today} on loopback, 2 cores: one server process, ${CONNECTIONS} connections from autocannon on the same machine, every connection alternating a GET and a POST from one of ${DEVICES} simulated devices (each its own X-Forwarded-For address, the default rate limits), each making 1 to 60 clicks between sends (so some sends are clipped to 50 and the rest follows; one answer in 25 is ignored as if lost, so its range is sent again).`;
    body.push(
      "| store | requests | p99 latency | answers | connection errors | clicks the devices made | stored total rose by |",
      "|---|---|---|---|---|---|---|",
      ...rows,
      "",
      ...notes,
    );
  }
} finally {
  rmSync(sqliteDir, { recursive: true, force: true });
}

const report = [
  `${header} Load average ${loadBefore} before, ${loadavg()} after.`,
  "",
  ...body,
  "",
  failures.length ? `Missed: ${failures.join("; ")}` : "Every check passed.",
].join("\n");
console.log(report);
if (!shortened) replaceBlock("docs/counter.md", mode, report);
process.exit(failures.length ? 1 : 0);
