// `npm run bench:counter`: the global click counter under load, on loopback, for SQLite and for
// Redis (a redis-server started here on a free port), and then the hard cases:
// 1. Load: mixed GET and POST from 5000 simulated devices (scripts/bench/counter-load.ts) for
//    BENCH_COUNTER_SECONDS (30), as fast as this machine serves them; p99 latency, answers, and
//    afterwards, once every device's clicks are confirmed, the stored total must have risen by
//    exactly the clicks they made.
// 2. Crash: the server is killed (SIGKILL) mid-load and started again: every device's count the
//    server acknowledged is still counted (sent again from 0, each counts nothing), and the total
//    is exact after the catch-up.
// 3. Two browser tabs and a third client hammering the API: both tabs come to show the same total.
// With `--soak` (scripts/bench/counter-soak.ts): ten minutes with Redis frozen and killed. With
// `--fuzz` (scripts/bench/counter-fuzz.ts): hostile request lines and headers on raw sockets.
// Writes docs/counter.md (between its bench, soak or fuzz markers) and exits non-zero on a miss.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { fuzz } from "./bench/counter-fuzz.ts";
import { catchUp, load, made, makeDevices, send, statusText, totalAt } from "./bench/counter-load.ts";
import { soak } from "./bench/counter-soak.ts";
import { CHROMIUM_ARGS, findChromium } from "./chromium.mjs";
import { startRedis, startSiteProcess, stopProcess } from "./lib/local-servers.ts";
import { replaceBlock } from "./lib/local-site.ts";

const SECONDS = Number(process.env.BENCH_COUNTER_SECONDS ?? 30);
const failures: string[] = [];
const lines: string[] = [];
const loadavg = () => readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");

/** The site's server, trusting X-Forwarded-For so every simulated device has its own address. */
const startSite = (env: Record<string, string>) => startSiteProcess({ ...env, TRUST_PROXY: "1" });

async function loadTest(name: string, env: Record<string, string>): Promise<void> {
  const site = await startSite(env);
  try {
    const devices = makeDevices(name.toLowerCase(), 5000);
    const before = await totalAt(site.origin);
    const result = await load(site.origin, SECONDS, devices);
    await catchUp(site.origin, devices);
    const rose = (await totalAt(site.origin)) - before;
    const exact = rose === made(devices);
    if (!exact) failures.push(`${name}: the stored total rose by ${rose}, the devices made ${made(devices)}`);
    if (result.errors > 0) failures.push(`${name}: ${result.errors} errors under load`);
    lines.push(
      `| ${name} | ${result.requests} in ${SECONDS} s (${Math.round(result.perSecond)}/s) | ${result.p99} ms | ${result.errors} | ${statusText(result.status)} | ${made(devices)} | ${rose} ${exact ? "(equal)" : "✗"} |`,
    );
  } finally {
    await stopProcess(site.child);
  }
}

async function crashTest(name: string, env: Record<string, string>): Promise<string> {
  let site = await startSite(env);
  const devices = makeDevices(`${name.toLowerCase()}-crash`, 5000);
  const before = await totalAt(site.origin);
  // Kill the server halfway through a load.
  const loading = load(site.origin, 10, devices);
  await new Promise((resolve) => setTimeout(resolve, 5000));
  await stopProcess(site.child, "SIGKILL");
  await loading;
  site = await startSite(env);
  try {
    const acknowledged = devices.reduce((sum, d) => sum + d.acked, 0);
    // What the server acknowledged, sent again from the start: it must count none of it.
    let recounted = 0;
    for (const device of devices) {
      if (device.acked === 0) continue;
      const again = { ...device, made: device.acked, acked: 0 };
      recounted += (await send(site.origin, again)).counted;
    }
    await catchUp(site.origin, devices);
    const rose = (await totalAt(site.origin)) - before;
    const kept = recounted === 0 && rose === made(devices);
    if (!kept)
      failures.push(
        `${name} crash: ${recounted} acknowledged clicks counted again, total rose by ${rose} of ${made(devices)}`,
      );
    return `- ${name}: killed (SIGKILL) 5 s into a 10 s load and started again. The devices had ${acknowledged} clicks acknowledged; sent again from 0 after the restart, ${recounted} of them were counted again; once every device was confirmed, the total had risen by ${rose} for ${made(devices)} clicks made${kept ? " (equal)" : " ✗"}.`;
  } finally {
    await stopProcess(site.child);
  }
}

async function twoTabs(env: Record<string, string>): Promise<string> {
  const site = await startSite(env);
  const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext();
    const tabs = [await context.newPage(), await context.newPage()];
    for (const tab of tabs) {
      await tab.goto(`${site.origin}/`);
      await tab.locator("html[data-hydrated]").waitFor();
    }
    const badge = (tab: (typeof tabs)[number]) =>
      tab
        .getByText(/^Global clicks:/)
        .locator("strong")
        .textContent();
    // Both tabs click while a third client hammers the API.
    const hammer = load(site.origin, 10, makeDevices("hammer", 5000));
    for (let i = 0; i < 20; i++)
      for (const tab of tabs) await tab.getByRole("main").getByRole("button").first().click();
    await hammer;
    const stopped = Date.now();
    let final = await totalAt(site.origin);
    let shown: (string | null)[] = [];
    while (Date.now() - stopped < 30_000) {
      shown = await Promise.all(tabs.map(badge));
      final = await totalAt(site.origin);
      if (shown.every((text) => text === String(final))) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const converged = shown.every((text) => text === String(final));
    if (!converged) failures.push(`two tabs did not converge: ${shown.join(" and ")}, the server ${final}`);
    return `- Two tabs clicking 20 times each while a third client hammered the API for 10 s: ${converged ? `both tabs showed the server's total (${final}) ${((Date.now() - stopped) / 1000).toFixed(1)} s after the hammering stopped` : `✗ the tabs showed ${shown.join(" and ")}, the server ${final}`}.`;
  } finally {
    await browser.close();
    await stopProcess(site.child);
  }
}

const mode = process.argv.includes("--soak") ? "soak" : process.argv.includes("--fuzz") ? "fuzz" : "bench";
const loadBefore = loadavg();
const sqliteDir = mkdtempSync(join(tmpdir(), "bench-counter-"));
const notes: string[] = [];
let header = "";
let table: string[] = [];
try {
  if (mode === "soak") {
    const seconds = Number(process.env.SOAK_SECONDS ?? 600);
    const result = await soak(seconds);
    notes.push(...result.lines);
    failures.push(...result.failures);
    header = `Measured ${new Date().toISOString().slice(0, 10)} on loopback, 2 cores, by \`npm run bench:counter -- --soak\` (16 connections from autocannon on the same machine).`;
  } else if (mode === "fuzz") {
    const result = await fuzz({ COUNTER_DATA_DIR: sqliteDir });
    notes.push(...result.lines);
    failures.push(...result.failures);
    header = `Measured ${new Date().toISOString().slice(0, 10)} on loopback, 2 cores, by \`npm run bench:counter -- --fuzz\`.`;
  } else {
    const redis = await startRedis();
    const sqlite = { COUNTER_DATA_DIR: sqliteDir };
    const viaRedis = { REDIS_URL: redis.url };
    try {
      await loadTest("SQLite", sqlite);
      await loadTest("Redis", viaRedis);
      notes.push(await crashTest("SQLite", sqlite));
      notes.push(await crashTest("Redis", viaRedis));
      notes.push(await twoTabs(sqlite));
    } finally {
      await stopProcess(redis.child);
    }
    header = `Measured ${new Date().toISOString().slice(0, 10)} on loopback, 2 cores: one server process, 32 connections from autocannon on the same machine, every connection alternating a GET and a POST from one of 5000 simulated devices (each its own X-Forwarded-For address, the default rate limits), each making 1 to 60 clicks between sends (so some sends are clipped to 50 and the rest follows).`;
    table = [
      "",
      "| store | requests | p99 latency | errors | answers | clicks the devices made | stored total rose by |",
      "|---|---|---|---|---|---|---|",
      ...lines,
    ];
  }
} finally {
  rmSync(sqliteDir, { recursive: true, force: true });
}

const report = [
  `${header} Load average ${loadBefore} before, ${loadavg()} after.`,
  ...table,
  "",
  ...notes,
  "",
  failures.length ? `Missed: ${failures.join("; ")}` : "Every check passed.",
].join("\n");
console.log(report);
if (!process.env.BENCH_COUNTER_SECONDS && !process.env.SOAK_SECONDS) replaceBlock("docs/counter.md", mode, report);
process.exit(failures.length ? 1 : 0);
