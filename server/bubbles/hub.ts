import { bytesFor, encodeSheet, type Sheet, setPopped } from "../../contracts/bubbles.ts";
import type { DoneMessage, PopRequest, PopsMessage, TickMessage } from "../../contracts/live.ts";
import type { FleetLimiter } from "../limiter.ts";
import type { Bus } from "../live/bus.ts";
import type { Peer } from "../live/peer.ts";
import type { TopicModule } from "../live/topic.ts";
import { errorText, type Logger } from "../log.ts";
import type { Metrics } from "../metrics.ts";
import type { StoreGuard } from "../store-guard.ts";
import { BUBBLE_MESSAGES } from "./messages.ts";
import type { Presence } from "./presence.ts";
import { type PopRefusal, popRefusal, SHEET_FINISHED, STORE_AWAY, tooFast } from "./refusals.ts";
import { createSequence } from "./sequence.ts";
import type { BubbleStore, PopResult, StoredSheet } from "./store.ts";

/**
 * The live sheet in one server process, the topic "bubbles" of the live channel. Pops from its
 * visitors are gathered for `flushMs` and written to the store in one step per sheet (so the store
 * sees a few writes a second however many people pop); each write's new pops are published on the
 * bus, and every process (this one too) adds them to its copy of the sheet and sends them to its
 * visitors every `sendMs`, numbered in sequence, never one message per pop. A visitor who
 * reconnects names the last number it saw and gets what it missed from the recent history when
 * that is smaller than the whole sheet, or the whole sheet. Every `checkMs` the copy is compared
 * with the store, and replaced and sent to everyone if it differs (a lost bus message heals there).
 *
 * Pops belong to the sheet they were made on: they are written to that sheet or refused, never
 * onto the next one when another process finished it meanwhile. A write that answers after the
 * store's deadline has been answered "try again" to its visitors, and is still published when it
 * lands, so nobody waits for the next check to see it.
 */
export interface BubbleHubOptions {
  store: BubbleStore;
  bus: Bus;
  guard: StoreGuard;
  log: Logger;
  /** Pops per client address, for the whole fleet (a person pops at most ~15 a second). */
  limiter: FleetLimiter;
  presence: Presence;
  size: number;
  metrics?: Metrics;
  flushMs?: number;
  sendMs?: number;
  tickMs?: number;
  checkMs?: number;
}

/** What one server process publishes after each write. */
interface Published {
  sheet: number;
  i: number[];
  popped: number;
  finished: number;
  next?: number;
}

/** Pops waiting for the next write, for one sheet, and whom to answer. */
interface Batch {
  i: Set<number>;
  answers: { peer: Peer; n: number }[];
}

/** How soon a change in who is here reaches everyone. */
const PRESENCE_TICK_MS = 1000;
/** A page may ask for the whole sheet again this often (it does after a gap it noticed). */
const SYNC_EVERY_MS = 2000;

export function createBubbleHub({
  store,
  bus,
  guard,
  log,
  limiter,
  presence,
  size,
  metrics,
  flushMs = 40,
  sendMs = 60,
  tickMs = 5000,
  checkMs = 30_000,
}: BubbleHubOptions) {
  /** Names this process's sequence: a number from elsewhere means nothing here. */
  const epoch = (Math.random() * 0x1_0000_0000) >>> 0;
  let mirror: StoredSheet | null = null;
  const sequence = createSequence();
  const peers = new Set<Peer>();
  const lastSync = new WeakMap<Peer, number>();
  let outgoing: number[] = [];
  /** By sheet number. */
  let pending = new Map<number, Batch>();
  let flushing = false;
  let loading: Promise<void> | null = null;
  let stopped = false;
  /** The whole sheet as sent, made once per state however many visitors ask for it. */
  let encoded: { key: string; bytes: Uint8Array } | null = null;

  const sendAll = (data: string | Uint8Array) => {
    for (const peer of peers) peer.send(data);
  };

  const refuse = (peer: Peer, n: number, { reason, ...refusal }: PopRefusal, count: number) => {
    metrics?.popsRefused.inc({ reason }, count);
    peer.sendJson({ t: "no", n, ...refusal });
  };

  /** A numbered message: kept for visitors who reconnect, and sent to everyone now. */
  function record(message: Omit<PopsMessage, "seq"> | Omit<DoneMessage, "seq">) {
    sendAll(sequence.add(message));
  }

  function sheetNow(): Sheet | null {
    return mirror && { ...mirror, seq: sequence.now, epoch };
  }

  function wholeSheet(): Uint8Array | null {
    const state = sheetNow();
    if (!state) return null;
    const key = `${state.sheet}.${state.seq}.${state.popped}`;
    if (encoded?.key !== key) encoded = { key, bytes: encodeSheet(state) };
    return encoded.bytes;
  }

  function sendOutgoing() {
    if (!mirror || outgoing.length === 0) return;
    record({ t: "pops", sheet: mirror.sheet, i: outgoing });
    outgoing = [];
  }

  function tick(): TickMessage | null {
    if (!mirror) return null;
    return {
      t: "tick",
      sheet: mirror.sheet,
      seq: sequence.now,
      // As of `seq`: the pops gathered for the next message are not counted yet.
      popped: mirror.popped - outgoing.length,
      finished: mirror.finished,
      here: presence.here(),
    };
  }

  /** Reads the sheet from the store; a copy that differs is replaced and sent to everyone. */
  function load(): Promise<void> {
    loading ??= guard
      .run(() => store.sheet(size))
      .then((stored) => {
        const same =
          mirror !== null &&
          stored.sheet === mirror.sheet &&
          stored.popped === mirror.popped &&
          stored.bits.every((byte, k) => byte === mirror?.bits[k]);
        if (same) return;
        if (mirror) log.info("bubble sheet replaced from the store", { sheet: stored.sheet, popped: stored.popped });
        // A sheet finished that this process did not hear of (its bus message was lost, or the
        // write's answer was): everyone here still gets the celebration, then the new sheet.
        if (mirror && stored.sheet > mirror.sheet) {
          record({ t: "done", sheet: stored.sheet - 1, finished: stored.finished });
        }
        outgoing = [];
        mirror = stored;
        // The sequence restarts from here: nobody can resume from before the replacement.
        sequence.restart();
        const whole = wholeSheet();
        if (whole) sendAll(whole);
        // With its counts: a visitor who joined before the sheet was read has had none yet.
        const counts = tick();
        if (counts) sendAll(JSON.stringify(counts));
      })
      .catch((error: unknown) => log.debug("bubble sheet not loaded", { error: errorText(error) }))
      .finally(() => {
        loading = null;
      });
    return loading;
  }

  /** Tells every process what a write popped (and that it finished the sheet, if it did). */
  function publish(sheet: number, result: PopResult) {
    if (result.sheet !== sheet) return;
    metrics?.popsStored.inc(result.newly.length);
    const published: Published = { sheet, i: result.newly, popped: result.popped, finished: result.finished };
    if (result.next) published.next = result.next;
    if (result.newly.length > 0 || result.next) bus.publish("bubbles", JSON.stringify(published));
  }

  /** Writes one sheet's gathered pops, answers each visitor's message, tells the bus. */
  async function write(sheet: number, { i, answers }: Batch) {
    const pops = [...i];
    const storing = Promise.resolve().then(() => store.pop(sheet, pops));
    try {
      const result = await guard.run(() => storing);
      if (result.sheet !== sheet) {
        // Finished meanwhile (by this process or another): nothing was written.
        for (const { peer, n } of answers) refuse(peer, n, { reason: "finished", error: SHEET_FINISHED }, 0);
        metrics?.popsRefused.inc({ reason: "finished" }, pops.length);
        void load();
        return;
      }
      for (const { peer, n } of answers) peer.sendJson({ t: "ok", n });
      publish(sheet, result);
    } catch {
      for (const { peer, n } of answers) refuse(peer, n, STORE_AWAY, 0);
      metrics?.popsRefused.inc({ reason: "store" }, pops.length);
      // Too late is not never: a write that lands after the deadline is still everyone's to see.
      storing.then(
        (result) => publish(sheet, result),
        () => {},
      );
    }
  }

  /** Writes what was popped since the last write, sheet by sheet. */
  async function flush() {
    if (flushing || pending.size === 0) return;
    flushing = true;
    const batches = pending;
    pending = new Map();
    try {
      for (const [sheet, batch] of batches) await write(sheet, batch);
    } finally {
      flushing = false;
    }
  }

  /** A write from any process: its pops join the next message, a finished sheet starts the next. */
  function published(message: string) {
    let m: Published;
    try {
      m = JSON.parse(message) as Published;
    } catch {
      return;
    }
    if (!mirror) return;
    if (m.sheet !== mirror.sheet) {
      // This process missed something (a rollover it did not hear of), or this news is of a sheet
      // it has left behind: the store knows.
      if (m.sheet > mirror.sheet) void load();
      return;
    }
    for (const i of m.i) {
      if (i >= 0 && i < mirror.size && setPopped(mirror.bits, i)) {
        mirror.popped++;
        outgoing.push(i);
      }
    }
    mirror.finished = Math.max(mirror.finished, m.finished);
    if (m.next) {
      sendOutgoing();
      mirror = {
        sheet: m.next,
        size: mirror.size,
        popped: 0,
        finished: m.finished,
        bits: new Uint8Array(bytesFor(mirror.size)),
      };
      record({ t: "done", sheet: m.sheet, finished: m.finished });
    }
  }

  bus.subscribe("bubbles", published);
  // The sheet is read once the bus works, and again after it reconnects (messages may have been
  // lost while it was away).
  bus.onReady(() => void load());

  const timers = [
    setInterval(() => void flush(), flushMs),
    setInterval(sendOutgoing, sendMs),
    setInterval(() => {
      const message = tick();
      if (message) sendAll(JSON.stringify(message));
      presence.report(peers.size);
    }, tickMs),
    setInterval(() => void load(), checkMs),
  ];
  for (const timer of timers) timer.unref();

  /**
   * Someone came or went: everyone hears how many are here within a second (one tick more, at most
   * one a second however many come and go), not at the next regular tick.
   */
  let presenceTimer: ReturnType<typeof setTimeout> | undefined;
  function presenceChanged() {
    presence.report(peers.size);
    if (presenceTimer || stopped) return;
    presenceTimer = setTimeout(() => {
      presenceTimer = undefined;
      const message = tick();
      if (message) sendAll(JSON.stringify(message));
    }, PRESENCE_TICK_MS);
    presenceTimer.unref();
  }

  /** A visitor's pops: checked, limited, and gathered for the next write of the sheet they were made on. */
  async function pop(peer: Peer, { n, sheet, i }: PopRequest) {
    const refused = popRefusal(mirror, { sheet, i });
    if (refused) return refuse(peer, n, refused, i.length);
    const waitMs = await limiter.take(peer.address, i.length);
    if (waitMs > 0) return refuse(peer, n, tooFast(waitMs), i.length);
    const batch = pending.get(sheet) ?? { i: new Set<number>(), answers: [] };
    for (const index of i) batch.i.add(index);
    batch.answers.push({ peer, n });
    pending.set(sheet, batch);
  }

  /** A visitor found a gap in the sequence: the whole sheet again, at most every few seconds. */
  function sync(peer: Peer) {
    const now = Date.now();
    if (now - (lastSync.get(peer) ?? Number.NEGATIVE_INFINITY) < SYNC_EVERY_MS) return;
    lastSync.set(peer, now);
    const whole = wholeSheet();
    if (whole) peer.send(whole);
  }

  const topic: TopicModule = {
    topic: "bubbles",
    messages: BUBBLE_MESSAGES,
    /** A visitor arrives, saying where it left off (`since`: "epoch.seq") if it was here before. */
    join(peer, since) {
      peers.add(peer);
      presenceChanged();
      const whole = wholeSheet();
      if (!whole) {
        // It gets the sheet with everyone else once the store answers.
        void load();
        return;
      }
      const [sinceEpoch, sinceSeq] = (since ?? "").split(".").map(Number);
      const missed = sinceEpoch === epoch ? sequence.since(sinceSeq as number) : null;
      // What it missed, when that is less to send than the whole sheet.
      const missedBytes = missed?.reduce((sum, text) => sum + text.length, 0) ?? Number.POSITIVE_INFINITY;
      if (missed && missedBytes < whole.length) for (const text of missed) peer.send(text);
      else peer.send(whole);
      const message = tick();
      if (message) peer.sendJson(message);
    },
    leave(peer) {
      peers.delete(peer);
      presenceChanged();
    },
    handle(peer, message) {
      if (message.t === "pop") {
        pop(peer, message as PopRequest).catch((error: unknown) =>
          log.error("pop failed", { error: errorText(error) }),
        );
      } else if (message.t === "sync") sync(peer);
    },
  };

  return {
    ...topic,
    epoch,
    /** A visitor's pops (what `handle` does with a pop message), resolved once they are gathered or refused. */
    pop,
    /** The sheet as it stands (for GET /api/bubbles), loading it if need be. */
    async sheet(): Promise<(Sheet & { here: number }) | null> {
      if (!mirror) await load();
      const state = sheetNow();
      return state && { ...state, here: presence.here() };
    },
    /** Writes what is gathered now (as the timer would). */
    flush,
    /** Writes what is still gathered, and stops. */
    async stop() {
      if (stopped) return;
      stopped = true;
      for (const timer of timers) clearInterval(timer);
      clearTimeout(presenceTimer);
      presence.stop();
      await flush();
      sendOutgoing();
    },
  };
}

export type BubbleHub = ReturnType<typeof createBubbleHub>;
