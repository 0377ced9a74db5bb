// The knee of one server process (issue 45, `npm run bench:fleet`'s first part): one site server on
// Redis, pinned to one core, and its load generator pinned to the other, so what saturates first
// is named and each side is measured apart. Visitors are added in steps (STEPS); at each, for
// `seconds`, the sheet is popped 500 times a second by 50 visitors and the other three toys are
// used at a person's pace (knee-actors.ts), while the crowd (knee-crowd.ts, a quarter on each toy)
// only listens. Per step: fan-out latency per toy at a sample of watchers, the server's event-loop
// lag (prom-client's monitor, read at the step's start and end), the CPU of each side and of each
// core, the server's memory, and what each visitor received. The knee is the first step whose
// sheet fan-out p99 passes 250 ms or whose event-loop lag p99 passes 100 ms. Each measurement
// waits for other programs to leave the two cores alone; a step they disturbed anyway, or one past
// the goal, is measured again, and the better kept.
import { fork } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { freePort, startRedis, startSiteProcess, stopProcess } from "../lib/local-servers.ts";
import { raiseOpenFileLimit, rssMb } from "../lib/process-limits.ts";
import { type Actors, startActors, TOYS, type Toy } from "./knee-actors.ts";
import type { CrowdCommand, CrowdReport } from "./knee-crowd.ts";
import { DISTURBED, disturbance, isPast, type KneeStep } from "./knee-step.ts";
import { coreTimes, loadavg, metric, pin, processTimes } from "./machine.ts";

const CROWD_PROCESSES = 3;

/** Of two measurements of a step, the one within the goal, else the less disturbed. */
const better = (a: KneeStep, b: KneeStep) => (isPast(a) !== isPast(b) ? !isPast(a) : disturbance(a) < disturbance(b));

interface Crowd {
  send(command: CrowdCommand): Promise<CrowdReport>;
  pid: number;
  stop(): void;
}

function startCrowd(): Crowd {
  const child = fork(new URL("./knee-crowd.ts", import.meta.url), { stdio: ["ignore", "inherit", "inherit", "ipc"] });
  pin(child.pid as number, "1");
  let waiting: ((report: CrowdReport) => void)[] = [];
  child.on("message", (report: CrowdReport) => waiting.shift()?.(report));
  return {
    pid: child.pid as number,
    send: (command) =>
      new Promise((resolve) => {
        waiting.push(resolve);
        child.send(command);
      }),
    stop() {
      waiting = [];
      child.kill();
    },
  };
}

export interface KneeOptions {
  steps: number[];
  seconds: number;
  /** Extra settings for the server (the measured build's own defaults otherwise). */
  env?: Record<string, string>;
  /** The server run with `node --cpu-prof` into this directory, for the profile of its last step. */
  cpuProfDir?: string;
  /** Keep going past the knee (to see how it falls). */
  pastKnee?: boolean;
  onStep?: (step: KneeStep) => void;
}

export async function findKnee({ steps, seconds, env = {}, cpuProfDir, pastKnee = false, onStep }: KneeOptions) {
  const most = Math.max(...steps);
  const files = raiseOpenFileLimit();
  if (files < most + 1000)
    throw new Error(`${most} visitors need ${most + 1000} open files; this process may have ${files}`);
  pin(process.pid, "1");
  const dir = mkdtempSync(join(tmpdir(), "bench-knee-"));
  const redis = await startRedis();
  pin(redis.child.pid as number, "1");
  const metricsPort = await freePort();
  const server = await startSiteProcess({
    REDIS_URL: redis.url,
    TRUST_PROXY: "loopback",
    VISITOR_SECRET: randomBytes(32).toString("hex"),
    COUNTER_DATA_DIR: dir,
    LIVE_MAX_CONNECTIONS: String(most + 1000),
    // A sheet the 500 pops a second never finish in a run: the rate stays what it is meant to be
    // (on a sheet of 10,000, a random pick finds ever fewer whole bubbles as it fills).
    BUBBLES_SHEET_SIZE: "1000000",
    METRICS_PORT: String(metricsPort),
    METRICS_HOST: "127.0.0.1",
    ...(cpuProfDir ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${cpuProfDir}` } : {}),
    ...env,
  }).catch(async (error: unknown) => {
    await stopProcess(redis.child);
    rmSync(dir, { recursive: true, force: true });
    throw error;
  });
  const pid = server.child.pid as number;
  pin(pid, "0");
  const scrape = () => fetch(`http://127.0.0.1:${metricsPort}/metrics`).then((r) => r.text());
  const target = { host: "127.0.0.1", port: server.port };
  const crowds = Array.from({ length: CROWD_PROCESSES }, startCrowd);
  let actors: Actors | undefined;
  const results: KneeStep[] = [];
  let knee: number | null = null;
  const stats = async () =>
    (await Promise.all(crowds.map((crowd) => crowd.send({ t: "stats" })))) as Extract<CrowdReport, { t: "stats" }>[];
  const generatorPids = [process.pid, ...crowds.map((c) => c.pid)];

  /**
   * Waits (30 s at most) until the sheet's visitors receive less than 8 KB a second each: about 4 KB
   * once settled, while a newcomer's whole sheet is 125 KB (the other toys' whole states are small).
   */
  async function settled() {
    const sheet = async () => {
      const reports = await stats();
      const of = (key: "bytes" | "open") => reports.reduce((sum, s) => sum + (s.topics.bubbles?.[key] ?? 0), 0);
      return { bytes: of("bytes"), open: Math.max(1, of("open")) };
    };
    let last = await sheet();
    for (let waited = 0; waited < 30; waited++) {
      await sleep(1000);
      const now = await sheet();
      if (now.bytes - last.bytes < now.open * 8 * 1024) return;
      last = now;
    }
  }

  /** Waits (a minute at most) until other programs took at most 8 points of either core in 2 s. */
  async function quiet() {
    const ours = [pid, redis.child.pid as number, ...generatorPids];
    for (let tries = 0; tries < 30; tries++) {
      const before = ours.map(processTimes);
      const coresBefore = coreTimes();
      await sleep(2000);
      const used = ours.map((p, k) => {
        const [user, system] = processTimes(p);
        const [userBefore = 0, systemBefore = 0] = before[k] ?? [];
        return user + system - userBefore - systemBefore;
      });
      const [core0 = 0, core1 = 0] = coreTimes().map((c, k) => {
        const b = coresBefore[k] ?? { busy: 0, total: 0 };
        return ((c.busy - b.busy) / Math.max(1, c.total - b.total)) * 100;
      });
      const share = (ticks: number) => ticks / 2; // ticks of 1/100 s over 2 s, in points of a core
      const others = Math.max(core0 - share(used[0] ?? 0), core1 - share(used.slice(1).reduce((a, b) => a + b, 0)));
      if (others <= 8) return;
    }
  }

  /** One step's measurement: `seconds` of the crowd as it is. */
  async function measure(visitors: number): Promise<KneeStep> {
    const measuring = actors as Actors;
    await scrape();
    const before = await stats();
    const pids = [pid, redis.child.pid as number, ...generatorPids];
    const timesBefore = pids.map(processTimes);
    const coresBefore = coreTimes();
    const started = performance.now();
    measuring.reset();
    await sleep(seconds * 1000);
    const elapsed = (performance.now() - started) / 1000;
    const times = pids.map((p, k) => {
      const [user, system] = processTimes(p);
      const [userBefore = 0, systemBefore = 0] = timesBefore[k] ?? [];
      return { user: user - userBefore, system: system - systemBefore, all: user + system - userBefore - systemBefore };
    });
    const cores = coreTimes().map((c, k) => {
      const b = coresBefore[k] ?? { busy: 0, total: 0 };
      return Math.round(((c.busy - b.busy) / Math.max(1, c.total - b.total)) * 100);
    });
    const text = await scrape();
    const after = await stats();
    const share100 = (t: number) => Math.round((t / 100 / elapsed) * 100);
    const total = (reports: typeof after, toy: Toy, key: "open" | "bytes" | "messages") =>
      reports.reduce((sum, s) => sum + (s.topics[toy]?.[key] ?? 0), 0);
    const perVisitor = Object.fromEntries(
      TOYS.map((toy) => {
        const open = Math.max(1, total(after, toy, "open"));
        const delta = (key: "bytes" | "messages") => total(after, toy, key) - total(before, toy, key);
        return [toy, { bytes: delta("bytes") / open / elapsed, messages: delta("messages") / open / elapsed }];
      }),
    ) as KneeStep["perVisitor"];
    const delivered =
      TOYS.reduce((sum, toy) => sum + total(after, toy, "messages") - total(before, toy, "messages"), 0) / elapsed;
    const [server, redisTimes, ...generator] = times;
    return {
      visitors,
      fanOut: Object.fromEntries(
        TOYS.map((toy) => {
          const h = measuring.latency[toy];
          return [toy, { p50: h.quantile(0.5), p99: h.quantile(0.99), max: Math.round(h.max), count: h.total }];
        }),
      ) as KneeStep["fanOut"],
      lag: {
        p99: Math.round(metric(text, "pointless_nodejs_eventloop_lag_p99_seconds") * 1000),
        max: Math.round(metric(text, "pointless_nodejs_eventloop_lag_max_seconds") * 1000),
      },
      cpu: {
        server: share100(server?.all ?? 0),
        serverSystem: share100(server?.system ?? 0),
        redis: share100(redisTimes?.all ?? 0),
        generator: share100(generator.reduce((sum, t) => sum + t.all, 0)),
        core0: cores[0] ?? 0,
        core1: cores[1] ?? 0,
      },
      rssMb: Math.round(rssMb(pid)),
      delivered: {
        perSecond: Math.round(delivered),
        cpuUs: Number(((((server?.all ?? 0) / 100) * 1e6) / elapsed / Math.max(1, delivered)).toFixed(1)),
      },
      perVisitor,
      actions: Object.fromEntries(
        TOYS.map((toy) => [
          toy,
          {
            sent: Math.round(measuring.actions[toy].sent / elapsed),
            acked: Math.round(measuring.actions[toy].acked / elapsed),
          },
        ]),
      ) as KneeStep["actions"],
      lost: visitors - after.reduce((sum, s) => sum + s.open, 0),
      load: loadavg(),
    };
  }

  try {
    actors = await startActors([target]);
    let opened = 0;
    for (const visitors of steps) {
      const more = visitors - opened;
      const share = Math.ceil(more / crowds.length);
      const reports = await Promise.all(
        crowds.map((crowd, k) =>
          crowd.send({
            t: "open",
            targets: [target],
            from: opened + k * share,
            count: Math.max(0, Math.min(share, more - k * share)),
            topics: [...TOYS],
          }),
        ),
      );
      opened = visitors;
      for (const report of reports) {
        if (report.t === "opened" && report.failed > 0) {
          console.error(`knee: ${report.failed} visitors could not connect (${report.firstError})`);
        }
      }
      // The newcomers' whole states are sent (a sheet of a million bubbles is 125 KB each); the
      // step measures the crowd as it stays, once what a second brings is what it will bring.
      await settled();
      // Each measurement waits for other programs to leave the cores alone (a minute at most); a
      // step they disturbed anyway, or past the goal, is measured again (twice at most), and the
      // better measurement kept: other programs only ever make a step look worse.
      await quiet();
      let step = await measure(visitors);
      for (let again = 0; again < 2 && (disturbance(step) > DISTURBED || isPast(step)); again++) {
        await quiet();
        const next = await measure(visitors);
        if (better(next, step)) step = next;
      }
      results.push(step);
      onStep?.(step);
      if (knee === null && isPast(step)) {
        knee = visitors;
        if (!pastKnee) break;
      }
    }
  } finally {
    actors?.stop();
    for (const crowd of crowds) crowd.stop();
    await stopProcess(server.child);
    await stopProcess(redis.child);
    rmSync(dir, { recursive: true, force: true });
  }
  return { steps: results, knee };
}
