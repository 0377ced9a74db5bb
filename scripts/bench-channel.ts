// `npm run bench:channel`: what one open channel keeps in the server's memory (issues 56 and 66).
// The site's server on SQLite, in a process of its own, and CHANNELS idle channels on the bubble
// sheet, each from an address of its own (as the honest crowd comes: each with its visitor token
// and its address's limiter entries). Twice, each time on a new server: once with V8's heap
// snapshots (which collect first) taken with a few channels open and with all of them, for the
// live heap the rest added per channel; once without snapshots (a snapshot grows the process), for
// its RSS over the same step. Goal: at most HEAP_PER_CHANNEL_KB of live heap per channel. The RSS
// is printed, not budgeted: it holds garbage not yet collected as well.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import WebSocket from "ws";
import { BUBBLES_TOPIC } from "../contracts/bubbles.ts";
import { liveUrl } from "../contracts/live.ts";
import { address } from "./bench/live-clients.ts";
import { startSiteProcess, stopProcess } from "./lib/local-servers.ts";
import { raiseOpenFileLimit, rssMb } from "./lib/process-limits.ts";

const CHANNELS = Number(process.env.BENCH_CHANNELS ?? 2000);
/** The goal. Measured 2026-12-05: 14.0 KB a channel before that day's changes, 10.1 KB after. */
export const HEAP_PER_CHANNEL_KB = 12;
/** Channels open at the first measure, so that what any channel sets up once is in both. */
const FIRST = 10;
/** How long a snapshot may take to be written. */
const SNAPSHOT_WITHIN_MS = 60_000;

/**
 * A new server, its data in `work`, FIRST channels then CHANNELS: `measure` (the server's pid) read
 * at each step. Every channel is open at the end, or this throws.
 */
async function withChannels<T>(
  work: string,
  env: Record<string, string>,
  measure: (pid: number) => Promise<T>,
): Promise<[T, T]> {
  const server = await startSiteProcess({
    COUNTER_DATA_DIR: mkdtempSync(join(work, "data-")),
    TRUST_PROXY: "loopback",
    LIVE_UPGRADE_LIMIT: "100000/100000",
    ...env,
  });
  const pid = server.child.pid as number;
  const held: WebSocket[] = [];
  /** Opens channels up to `count`, 50 at a time; resolves once each has said something and settled. */
  const openUpTo = async (count: number) => {
    while (held.length < count) {
      const batch: Promise<unknown>[] = [];
      for (let j = 0; j < 50 && held.length < count; j++) {
        const i = held.length;
        const ws = new WebSocket(server.origin.replace(/^http/, "ws") + liveUrl([BUBBLES_TOPIC]), {
          headers: { "X-Forwarded-For": address(i) },
          perMessageDeflate: false,
        });
        held.push(ws);
        batch.push(
          new Promise((resolve) => {
            ws.once("message", resolve);
            ws.once("error", resolve);
            ws.once("close", resolve);
          }),
        );
      }
      await Promise.all(batch);
    }
    // Every channel's visitor minted and its first messages sent.
    await sleep(3000);
  };
  try {
    await openUpTo(FIRST);
    const before = await measure(pid);
    await openUpTo(CHANNELS);
    const after = await measure(pid);
    const open = held.filter((ws) => ws.readyState === WebSocket.OPEN).length;
    if (open < CHANNELS) throw new Error(`only ${open} of ${CHANNELS} channels stayed open`);
    return [before, after];
  } finally {
    for (const ws of held) ws.terminate();
    await stopProcess(server.child);
  }
}

/** The live heap, in bytes: the sum of every object's own size in a snapshot the server writes on SIGUSR2. */
async function liveHeap(pid: number, snapshots: string): Promise<number> {
  const before = readdirSync(snapshots).length;
  process.kill(pid, "SIGUSR2");
  const deadline = Date.now() + SNAPSHOT_WITHIN_MS;
  let snapshot: { snapshot: { meta: { node_fields: string[] } }; nodes: number[] } | undefined;
  let file = "";
  while (!snapshot) {
    if (Date.now() > deadline) throw new Error(`no heap snapshot within ${SNAPSHOT_WITHIN_MS / 1000} s`);
    await sleep(500);
    const files = readdirSync(snapshots).sort();
    if (files.length <= before) continue;
    file = join(snapshots, files.at(-1) as string);
    try {
      snapshot = JSON.parse(readFileSync(file, "utf8"));
    } catch {
      // Still being written: read it again in a moment.
    }
  }
  const fields = snapshot.snapshot.meta.node_fields;
  let total = 0;
  for (let i = fields.indexOf("self_size"); i < snapshot.nodes.length; i += fields.length)
    total += snapshot.nodes[i] as number;
  rmSync(file);
  return total;
}

if (import.meta.main) {
  raiseOpenFileLimit();
  const work = mkdtempSync(join(tmpdir(), "pointless-channel-memory-"));
  try {
    const snapshots = join(work, "snapshots");
    mkdirSync(snapshots);
    const [heapBefore, heapAfter] = await withChannels(
      work,
      { NODE_OPTIONS: `--heapsnapshot-signal=SIGUSR2 --diagnostic-dir=${snapshots}` },
      (pid) => liveHeap(pid, snapshots),
    );
    const [rssBefore, rssAfter] = await withChannels(work, {}, async (pid) => rssMb(pid));
    const added = CHANNELS - FIRST;
    const heapKb = (heapAfter - heapBefore) / 1024 / added;
    const rssKb = ((rssAfter - rssBefore) * 1024) / added;
    console.log(
      `${CHANNELS} channels open; each added ${heapKb.toFixed(1)} KB of live heap (goal: at most ${HEAP_PER_CHANNEL_KB} KB) and ${rssKb.toFixed(1)} KB of RSS (${rssBefore.toFixed(0)} MB with ${FIRST}, ${rssAfter.toFixed(0)} MB with ${CHANNELS})`,
    );
    if (heapKb > HEAP_PER_CHANNEL_KB) throw new Error(`a channel keeps ${heapKb.toFixed(1)} KB of heap`);
  } catch (error) {
    console.error(`bench:channel: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
