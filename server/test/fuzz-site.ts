import { freePort, startSiteProcess, stopProcess } from "../../scripts/lib/local-servers.ts";
import { inspectorFlag, retainedMemory } from "./retained-memory.ts";
import { makeSiteFixture } from "./site-fixture.ts";

/**
 * The site's server (server/main.ts) as a fuzzer runs it: in a process of its own, with its
 * metrics on a port and an inspector on loopback (to measure what it retains, retained-memory.ts),
 * and its log read as it goes. A fault is an error line in that log ("live message failed", "pop
 * failed", "request failed", "uncaught exception, exiting" ...): `faults()` returns the ones a run
 * caused, reading the log up to a request made after the run (the server logs every request at
 * debug level, and its log is one pipe, in order), so a line that came late is not blamed on the
 * next run, which would send fast-check's shrinking after the wrong one. A run that ended the
 * process fails, and the next run starts a new one on the same data (`up()`), so the fuzzer can go
 * on shrinking what ended it.
 */
export async function startFuzzSite(env: Record<string, string>) {
  const site = makeSiteFixture();
  const metricsPort = await freePort();
  const inspectorPort = await freePort();
  const start = () =>
    startSiteProcess({
      SITE_DIR: site.client,
      COUNTER_DATA_DIR: site.dataDir,
      METRICS_PORT: String(metricsPort),
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} ${inspectorFlag(inspectorPort)}`.trim(),
      LOG_LEVEL: "debug",
      ...env,
    });
  let running = await start();
  const alive = () => running.child.exitCode === null && running.child.signalCode === null;
  let read = 0;
  let restarts = 0;
  let barriers = 0;
  const seen: string[] = [];

  /** Error lines of the log since the last call (a process that ended: its last lines too). */
  function errors(): string[] {
    const { logs } = running;
    const found = logs.slice(read).filter((line) => line.includes('"level":"error"'));
    seen.push(...found);
    // What was read goes, but for the last lines (a process that ended says why in them).
    logs.splice(0, Math.max(0, logs.length - 50));
    read = logs.length;
    return found;
  }

  /** Resolves once the log has a line with `text` (or the process ended, or `ms` passed). */
  function logged(text: string, ms: number): Promise<void> {
    const { child, logs } = running;
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        child.stdout?.off("data", check);
        child.off("exit", done);
        resolve();
      };
      // Called after startSiteProcess's own listener has split the chunk into `logs`.
      const check = () => {
        if (logs.some((line) => line.includes(text))) done();
      };
      const timer = setTimeout(done, ms);
      child.stdout?.on("data", check);
      child.once("exit", done);
      check();
    });
  }

  return {
    get origin() {
      return running.origin;
    },
    get child() {
      return running.child;
    },
    get logs() {
      return running.logs;
    },
    metricsPort,
    restarts: () => restarts,
    alive,
    /** What the last run left behind that it must not: error lines in the log, or no process at all. */
    async faults(): Promise<string[]> {
      if (alive()) {
        const route = `/fuzz-barrier-${++barriers}`;
        const arrived = logged(`"route":"${route}"`, 5000);
        await fetch(running.origin + route)
          .then((response) => response.arrayBuffer())
          .catch(() => {});
        await arrived;
      }
      const found = errors();
      return alive() ? found : [...found, `the process ended (exit ${running.child.exitCode})`];
    },
    /**
     * Whether the process ends within `ms`: after a connection cut without a close, the process
     * may be on its way out, and a run must not blame the next one for it.
     */
    ended(ms: number): Promise<boolean> {
      const { child } = running;
      if (!alive()) return Promise.resolve(true);
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          child.off("exit", exit);
          resolve(false);
        }, ms);
        const exit = () => {
          clearTimeout(timer);
          resolve(true);
        };
        child.once("exit", exit);
      });
    },
    /** Every error line seen so far, in every process. */
    allErrors: () => {
      errors();
      return [...seen];
    },
    /** A new process on the same data when the last one ended. */
    async up() {
      if (alive()) return;
      errors();
      console.error(`the server ended (exit ${running.child.exitCode}); starting it again`);
      running = await start();
      read = 0;
      restarts++;
    },
    async metrics(): Promise<string> {
      return (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    },
    retained: () => retainedMemory(inspectorPort, running.child.pid as number),
    async stop() {
      if (running.child.exitCode !== null) console.error(running.logs.slice(-20).join("\n"));
      await stopProcess(running.child);
      site.remove();
    },
  };
}

export type FuzzSite = Awaited<ReturnType<typeof startFuzzSite>>;

/** Addresses a fuzzer's clients come from: each new, so no limit per address refuses them. */
export function freshAddresses() {
  let k = 0;
  return () => {
    k++;
    return k % 2 === 0
      ? `198.${18 + ((k >> 16) & 1)}.${(k >> 8) & 255}.${k & 255}`
      : `2001:db8:${(k & 0xffff).toString(16)}:${((k >> 16) & 0xff).toString(16)}00::1`;
  };
}
