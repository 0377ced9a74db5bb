// `npm run bench:live`: the live channel and the shared bubble sheet under load, on loopback.
// For SQLite (one server process) and Redis (two server processes on one redis-server), with a
// sheet of 10,000 and of 1,000,000 bubbles: BENCH_LIVE_CLIENTS (2000) visitors connected, the
// first 50 popping 10 bubbles a second each (500 a second in all) for BENCH_LIVE_SECONDS (30).
// Reports fan-out latency from a pop's acknowledgement to its popper to its arrival at every
// visitor (p50, p99, max), bytes per visitor per second, each server's CPU and memory, and whether
// every visitor's sheet equals the store's at the end. Then the server is killed (SIGKILL) under
// load and started again: every acknowledged pop must still be popped, and every visitor converge.
// Then the four shared toys at once (scripts/bench/live-toys.ts: fan-out per topic, bytes, CPU and
// memory, every state equal to the store's), the same behind a school's four addresses and a bot
// minting visitor tokens from one (scripts/bench/live-crowd.ts), and a reconnect storm
// (scripts/bench/live-storm.ts).
// Writes docs/live.md (between its bench markers) and exits non-zero on a miss.
import { readFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { Acks, address, Histogram, pickUnpopped, type Visitor, visitor } from "./bench/live-clients.ts";
import { mintingBot, school } from "./bench/live-crowd.ts";
import { livePageFrames } from "./bench/live-frames.ts";
import { type Setup, setUp } from "./bench/live-servers.ts";
import { reconnectStorm } from "./bench/live-storm.ts";
import { fourToys } from "./bench/live-toys.ts";
import { replaceBlock } from "./lib/local-site.ts";
import { raiseOpenFileLimit, rssMb, cpuTicks as ticks } from "./lib/process-limits.ts";

const CLIENTS = Number(process.env.BENCH_LIVE_CLIENTS ?? 2000);
const SECONDS = Number(process.env.BENCH_LIVE_SECONDS ?? 30);
const POPPERS = 50;
const POPS_PER_POPPER_PER_SECOND = 10;
const failures: string[] = [];
const lines: string[] = [];

// Thousands of sockets on both ends: the bench raises its own open-file limit to what the system
// allows it (its servers inherit it), and never the system's.
const openFiles = raiseOpenFileLimit();
if (openFiles < 2 * CLIENTS + 500) {
  console.error(
    `bench:live: ${CLIENTS} visitors need ${2 * CLIENTS + 500} open files; this process may have ${openFiles}`,
  );
  process.exit(1);
}

const loadavg = () => readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");

async function connectAll(origins: string[], acks: Acks): Promise<Visitor[]> {
  const visitors: Visitor[] = [];
  for (let k = 0; k < CLIENTS; k += 100) {
    const batch = Array.from({ length: Math.min(100, CLIENTS - k) }, (_, j) =>
      // The latency is taken at 200 of the visitors (all of them apply every pop): timing every
      // arrival at all of them would keep the bench too busy to pop at the rate it aims at.
      visitor(origins, k + j, { acks, address: address(k + j + 1), measure: (k + j) % 10 === 0 }),
    );
    visitors.push(...(await Promise.all(batch)));
  }
  const ready = Date.now();
  while (visitors.some((v) => !v.sheet) && Date.now() - ready < 30_000) await sleep(100);
  return visitors;
}

/**
 * The first POPPERS visitors pop, each 10 a second, for `seconds`; resolves with how many pops were
 * sent, and fills `acked` with what was acknowledged. One timer paces them all: at each tick a popper
 * sends what it owes by now in one message (at most MAX_CATCH_UP bubbles), so a bench process busy
 * receiving for thousands of visitors still sends at the rate it aims at. A popper without its
 * channel (the server is restarting) owes nothing for that time.
 */
async function popFor(visitors: Visitor[], seconds: number, acked: { sheet: number; i: number }[]) {
  const MAX_CATCH_UP = 5;
  let pops = 0;
  const started = performance.now();
  const poppers = visitors.slice(0, POPPERS).map((visitor, k) => ({
    visitor,
    sent: 0,
    // Spread over the first tenth of a second, so the poppers do not all send at once.
    offsetS: k / POPPERS / POPS_PER_POPPER_PER_SECOND,
  }));
  await new Promise<void>((resolve) => {
    const every = setInterval(() => {
      const elapsed = Math.min(seconds, (performance.now() - started) / 1000);
      for (const popper of poppers) {
        const due = Math.floor(Math.max(0, elapsed - popper.offsetS) * POPS_PER_POPPER_PER_SECOND);
        const sheet = popper.visitor.sheet;
        if (!sheet || !popper.visitor.open) {
          popper.sent = due;
          continue;
        }
        const owed = Math.min(MAX_CATCH_UP, due - popper.sent);
        if (owed <= 0) continue;
        popper.sent = due;
        const i = pickUnpopped(sheet, owed);
        if (i.length === 0) continue;
        pops += i.length;
        void popper.visitor.pop(i).then((ok) => {
          if (ok) for (const bubble of i) acked.push({ sheet: sheet.sheet, i: bubble });
        });
      }
      if (elapsed >= seconds) {
        clearInterval(every);
        resolve();
      }
    }, 20);
  });
  await sleep(200);
  return pops;
}

/** Visitors whose sheet is not the store's (after a moment to settle). */
async function mismatches(setup: Setup, visitors: Visitor[]) {
  let wrong = 0;
  for (let attempt = 0; attempt < 10; attempt++) {
    await sleep(1000);
    const stored = await setup.stored();
    wrong = visitors.filter(
      (v) => !v.sheet || v.sheet.sheet !== stored.sheet || !v.sheet.bits.every((b, k) => b === stored.bits[k]),
    ).length;
    if (wrong === 0) break;
  }
  return wrong;
}

async function load(kind: "SQLite" | "Redis", size: number) {
  const setup = await setUp(kind, size, CLIENTS);
  const latency = new Histogram();
  const acks = new Acks(latency);
  try {
    const visitors = await connectAll(setup.origins, acks);
    const before = setup.pids().map(ticks);
    const bytesBefore = visitors.reduce((sum, v) => sum + v.bytes, 0);
    const acked: { sheet: number; i: number }[] = [];
    const started = performance.now();
    const pops = await popFor(visitors, SECONDS, acked);
    const seconds = (performance.now() - started) / 1000;
    const cpu = setup.pids().map((pid, k) => ((ticks(pid) - (before[k] ?? 0)) / 100 / seconds) * 100);
    const rss = setup.pids().map(rssMb);
    const perClient = (visitors.reduce((sum, v) => sum + v.bytes, 0) - bytesBefore) / visitors.length / seconds;
    const wrong = await mismatches(setup, visitors);
    const p99 = latency.quantile(0.99);
    const ok = p99 < 250 && wrong === 0;
    if (!ok) failures.push(`${kind}, ${size} bubbles: p99 ${p99} ms, ${wrong} visitors differ from the store`);
    lines.push(
      `| ${kind} (${setup.origins.length} process${setup.origins.length > 1 ? "es" : ""}) | ${size.toLocaleString("en-US")} | ${visitors.length} | ${pops} sent (${Math.round(pops / seconds)} a second), ${acked.length} acknowledged | ${latency.quantile(0.5)} / ${p99} / ${Math.round(latency.max)} ms | ${(perClient / 1024).toFixed(2)} KB | ${cpu.map((c) => `${Math.round(c)}%`).join(", ")} | ${rss.map((r) => `${Math.round(r)} MB`).join(", ")} | ${wrong === 0 ? "all equal" : `${wrong} differ ✗`} |`,
    );
    for (const v of visitors) v.close();
  } finally {
    await setup.stop();
  }
}

async function killTest() {
  const size = 100_000;
  const setup = await setUp("SQLite", size, CLIENTS);
  const acks = new Acks(new Histogram());
  try {
    const visitors = await connectAll(setup.origins, acks);
    const acked: { sheet: number; i: number }[] = [];
    const popping = popFor(visitors, 10, acked);
    await sleep(5000);
    const ackedBeforeKill = acked.length;
    await setup.kill();
    await popping;
    const stored = await setup.stored();
    const lost = acked.filter(
      ({ sheet, i }) => sheet === stored.sheet && !((stored.bits[i >> 3] ?? 0) & (0x80 >> (i & 7))),
    );
    const wrong = await mismatches(setup, visitors);
    const reconnected = visitors.filter((v) => v.reconnects > 0).length;
    if (lost.length > 0 || wrong > 0)
      failures.push(`kill: ${lost.length} acknowledged pops lost, ${wrong} visitors differ`);
    lines.push(
      `- Killed (SIGKILL) 5 s into 10 s of popping on SQLite (${size.toLocaleString("en-US")} bubbles, ${visitors.length} visitors) and started again on the same port: ${ackedBeforeKill} pops had been acknowledged before the kill and ${acked.length} in all; ${lost.length} of them missing from the store afterwards; ${reconnected} visitors reconnected; ${wrong === 0 ? "every visitor's sheet equals the store's" : `${wrong} visitors differ from the store ✗`}.`,
    );
    for (const v of visitors) v.close();
  } finally {
    await setup.stop();
  }
}

const loadBefore = loadavg();
// BENCH_LIVE_ONLY=frames measures the page alone, =storm the reconnect storm alone, =toys the four
// shared toys at once alone, =crowd the school and the minting bot alone (none of them is written
// to the docs).
const only = process.env.BENCH_LIVE_ONLY;
const framesOnly = only === "frames";
if (!only) {
  for (const size of [10_000, 1_000_000]) {
    await load("SQLite", size);
    await load("Redis", size);
  }
  await killTest();
}
const toyLines: string[] = [];
if (!only || only === "toys") {
  await fourToys("SQLite", CLIENTS, SECONDS, toyLines, failures);
  await fourToys("Redis", CLIENTS, SECONDS, toyLines, failures);
}
const crowdNotes: string[] = [];
if (!only || only === "crowd") {
  await school("SQLite", CLIENTS, SECONDS, 4, toyLines, crowdNotes, failures);
  await school("Redis", CLIENTS, SECONDS, 4, toyLines, crowdNotes, failures);
  await mintingBot(20, crowdNotes, failures);
}
const stormLines: string[] = [];
if (!only || only === "storm") {
  await reconnectStorm("SQLite", 100_000, CLIENTS, stormLines, failures);
  await reconnectStorm("Redis", 100_000, CLIENTS, stormLines, failures);
}
const frameLines = lines.length;
if (!only || framesOnly) await livePageFrames(CLIENTS, lines, failures);
const loadAfter = loadavg();

const report = [
  `Measured ${new Date().toISOString().slice(0, 10)} on loopback, 2 cores (load average ${loadBefore} before, ${loadAfter} after), the visitors in one bench process on the same machine as the servers (its poppers catch up in their next message when it is busy: the rate reached is in the table). ${CLIENTS} visitors; the first ${POPPERS} pop ${POPS_PER_POPPER_PER_SECOND} bubbles a second each (${POPPERS * POPS_PER_POPPER_PER_SECOND} a second) for ${SECONDS} s, each a visitor of its own from its own address (X-Forwarded-For), so the per-visitor limit of 15 a second applies as in production; on the sheet of 10,000 they finish it during the run (a fresh sheet follows for everyone) and, as it fills, a random pick finds fewer whole bubbles, so fewer pops are sent there. Latency is from the popper receiving its acknowledgement to a visitor receiving the pop, at every tenth visitor (p50 / p99 / max); bytes are what each visitor received per second; CPU is each server process's share of one core.`,
  "",
  "| store | bubbles | visitors | pops | fan-out p50 / p99 / max | per visitor per second | server CPU | server memory (RSS) | visitors' sheets vs the store |",
  "|---|---|---|---|---|---|---|---|---|",
  ...lines.slice(0, frameLines).filter((line) => line.startsWith("|")),
  "",
  ...lines.filter((line) => line.startsWith("-")),
  "",
  `The four shared toys at once: ${CLIENTS} visitors, a quarter on each toy (each from its own address), keeping its state as its page does; on each toy ${25} of them act for ${SECONDS} s at a person's pace within the toy's limits (a pop every 100 ms, a vote every 1.5 s, ten claps every 500 ms, a paint every 3.3 s, past the wall's 3 s cooldown). Fan-out is from an actor's acknowledgement to the news reaching every tenth visitor of the toy (p50 / p99 / max), and on the wall, whose server tells a cell's news before the painter's ok, from the paint being sent (each paint a cell and emoji of its own); bytes are what each visitor of the toy received per second; server CPU (each process's share of one core) and memory for the whole run; at the end every visitor's state is compared with the store's (each toy's HTTP state). Goal: p99 under 250 ms on every topic, every state equal.`,
  "",
  "| store | topic | visitors | actions | fan-out p50 / p99 / max | per visitor per second | server CPU; memory | visitors vs the store |",
  "|---|---|---|---|---|---|---|---|",
  ...toyLines,
  "",
  ...crowdNotes,
  "",
  `A reconnect storm: ${CLIENTS} pages (the page's own channel code, app/kit/live/channel.ts, in Node), each holding the sheet, spread over the servers; every server restarted as a deploy does (SIGTERM: each page is told to come back within 5 s, then cut; started again on its port). When the pages were back (from the cut: p10 / p50 / p90 / last), how long until every page's sheet equalled the store's again, and each server's memory (RSS) with all of them connected before and after (goal: every sheet equal within 15 s, memory no more than half as much again plus 50 MB).`,
  "",
  "| store | bubbles | pages | back after (p10 / p50 / p90 / last) | every sheet equal again after | memory before | memory after |",
  "|---|---|---|---|---|---|---|",
  ...stormLines,
  "",
  "The page in Chromium (this machine has no GPU: software compositing), muted, its grid scrolled up and down for 5 s, with no pops arriving, then with 200 a second arriving from 20 other visitors (goal for the page: 55 fps or more, no long task; a figure over 60 means Chromium ran animation frames more often than it painted, which the 95th percentile frame time shows). Beside it, in the same run, the canvas alternative (scripts/bench/canvas-sheet.ts: the same sheet and channel, drawn on one canvas, with no focusable grid, animation or sound, so the least a canvas page could cost). Main-thread time is the renderer's, from Chromium's own task accounting; elements are those in the page while the 200 pops a second arrive.",
  "",
  "| window | page | no pops arriving | 200 pops a second arriving |",
  "|---|---|---|---|",
  ...lines.slice(frameLines),
  "",
  failures.length === 0
    ? "Every check passed (goal: p99 under 250 ms, every sheet equal)."
    : `Missed:\n${failures.map((f) => `- ${f}`).join("\n")}`,
].join("\n");
console.log(report);
// A shortened run (fewer visitors or seconds) is printed, never written over the docs' figures.
const shortened = Boolean(process.env.BENCH_LIVE_CLIENTS || process.env.BENCH_LIVE_SECONDS);
if (!only && !shortened) replaceBlock("docs/live.md", "bench", report);
process.exit(failures.length === 0 ? 0 : 1);
