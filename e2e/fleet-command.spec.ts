import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "./fixtures";

/**
 * `npm run fleet` (scripts/fleet.ts) as a person runs it (issue 56): whatever ends it (Ctrl-C,
 * SIGTERM, the terminal closed: SIGHUP), nothing it started is left running; a second Ctrl-C
 * stops it at once; a server that never starts stops the fleet with its log's last lines. With
 * --sentinel it starts Redis as a primary, a replica and three Sentinels.
 */
test.describe.configure({ mode: "serial" });

interface Run {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function fleet(args: string[], env: Record<string, string> = {}): Run {
  const child = spawn(process.execPath, ["scripts/fleet.ts", ...args], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let text = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    text += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    text += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, output: () => text, exited };
}

/** Resolves as soon as the fleet's output holds `text`, read as each chunk arrives. */
function said(run: Run, text: string): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (!run.output().includes(text)) return;
      run.child.stdout?.off("data", check);
      resolve();
    };
    run.child.stdout?.on("data", check);
    check();
  });
}

/**
 * A process still running: not gone, and not a zombie (killed, its exit not yet collected: a
 * child of the fleet ended with it passes to the machine's first process, which here may never
 * collect it; it runs nothing).
 */
const alive = (pid: number) => {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return false;
  }
};

/** Every process the fleet says it started, and nginx's workers. */
function pidsOf(output: string): number[] {
  const said = [...output.matchAll(/pid (\d+)/g)].map((m) => Number(m[1]));
  const nginx = Number(/behind nginx \(pid (\d+)/.exec(output)?.[1]);
  const workers = readFileSync(`/proc/${nginx}/task/${nginx}/children`, "utf8").trim().split(/\s+/).map(Number);
  return [...new Set([...said, ...workers])].filter((pid) => pid > 0);
}

/** Once the fleet says it is open: its processes, at least `atLeast` of them. */
async function started(run: Run, atLeast = 5) {
  await expect.poll(run.output, { timeout: 90_000 }).toContain("Open http://localhost:");
  // nginx may fork its workers just after it listens: read again until they are there (a fresh
  // clone's run read nginx's children once, too soon, and found 4 processes of 6).
  await expect.poll(() => pidsOf(run.output()).length, { timeout: 10_000 }).toBeGreaterThanOrEqual(atLeast);
  return pidsOf(run.output());
}

for (const signal of ["SIGHUP", "SIGTERM", "SIGINT"] as const) {
  test(`${signal} stops nginx, every server and Redis, leaving nothing running`, async () => {
    test.setTimeout(120_000);
    const run = fleet(["--servers", "2", ...(signal === "SIGHUP" ? ["--sentinel"] : [])]);
    // nginx and its workers, two servers, and Redis (with --sentinel five of them).
    const pids = await started(run, signal === "SIGHUP" ? 9 : 5);
    if (signal === "SIGHUP") expect(run.output()).toContain("with a replica and three Sentinels");
    expect(pids.every(alive)).toBe(true);
    run.child.kill(signal);
    expect(await run.exited).toBe(0);
    expect(run.output()).toContain("fleet: stopped");
    expect(pids.filter(alive)).toEqual([]);
  });
}

test("a second Ctrl-C kills everything at once", async () => {
  test.setTimeout(120_000);
  const run = fleet(["--servers", "2"]);
  const pids = await started(run);
  run.child.kill("SIGINT");
  // The second the moment the first is heard (two signals sent at once may arrive as one): from the
  // output as it streams, not a poll, whose pauses (up to a second) outlasted the orderly stop
  // itself on a busy machine, which then ended with 0.
  await said(run, "Ctrl-C again: at once");
  run.child.kill("SIGINT");
  const began = Date.now();
  expect(await run.exited).toBe(130);
  expect(Date.now() - began).toBeLessThan(3000);
  expect(run.output()).toContain("stopping at once");
  await expect.poll(() => pids.filter(alive), { timeout: 2000 }).toEqual([]);
});

test("a server that does not start in time stops the fleet, with its log's last lines", async () => {
  test.setTimeout(60_000);
  // A build whose fallback page is a pipe nobody writes to: the server blocks reading it at start.
  const dir = mkdtempSync(join(tmpdir(), "fleet-stuck-"));
  mkdirSync(join(dir, "client"));
  execFileSync("mkfifo", [join(dir, "client", "__spa-fallback.html")]);
  try {
    const run = fleet(["--servers", "2"], { SITE_DIR: join(dir, "client"), FLEET_START_TIMEOUT_MS: "3000" });
    expect(await run.exited).toBe(1);
    expect(run.output()).toMatch(
      /could not start: the site's server on a free port did not start within 3 s; its log's last lines/,
    );
    // Redis and the server that did start, started before or beside it, are stopped too.
    const pids = [...run.output().matchAll(/started .* \(pid (\d+)\)/g)].map((m) => Number(m[1]));
    expect(run.output()).toMatch(/started redis-server/);
    expect(pids.filter(alive)).toEqual([]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
