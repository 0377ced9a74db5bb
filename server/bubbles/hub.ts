import { bytesFor, encodeSheet, type Sheet, setPopped } from "../../contracts/bubbles.ts";
import type { DoneMessage, PopRequest, PopsMessage, TickMessage } from "../../contracts/live.ts";
import type { Bus } from "../live/bus.ts";
import type { Peer } from "../live/peer.ts";
import { errorText, type Logger } from "../log.ts";
import type { RateLimiter } from "../rate-limit.ts";
import type { StoreGuard } from "../store-guard.ts";
import type { Presence } from "./presence.ts";
import { popRefusal, SHEET_FINISHED } from "./refusals.ts";
import { createSequence } from "./sequence.ts";
import type { BubbleStore, StoredSheet } from "./store.ts";

/**
 * The live sheet in one server process. Pops from its visitors are gathered for `flushMs` and
 * written to the store in one step (so the store sees a few writes a second however many people
 * pop); each write's new pops are published on the bus, and every process (this one too) adds
 * them to its copy of the sheet and sends them to its visitors every `sendMs`, numbered in sequence,
 * never one message per pop. A visitor who reconnects names the last number it saw and gets what
 * it missed from the recent history, or the whole sheet. Every `checkMs` the copy is compared with
 * the store, and replaced and sent to everyone if it differs (a lost bus message heals there).
 */
export interface BubbleHubOptions {
  store: BubbleStore;
  bus: Bus;
  guard: StoreGuard;
  log: Logger;
  /** Pops per client address (kind "pop": a person pops at most ~15 a second). */
  limiter: RateLimiter;
  presence: Presence;
  size: number;
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

/** How soon a change in who is here reaches everyone. */
const PRESENCE_TICK_MS = 1000;

export function createBubbleHub({
  store,
  bus,
  guard,
  log,
  limiter,
  presence,
  size,
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
  let outgoing: number[] = [];
  const pending = new Set<number>();
  let answers: { peer: Peer; n: number }[] = [];
  let flushing = false;
  let loading: Promise<void> | null = null;
  let stopped = false;

  const sendAll = (data: string | Uint8Array) => {
    for (const peer of peers) peer.send(data);
  };

  /** A numbered message: kept for visitors who reconnect, and sent to everyone now. */
  function record(message: Omit<PopsMessage, "seq"> | Omit<DoneMessage, "seq">) {
    sendAll(sequence.add(message));
  }

  function sheetNow(): Sheet | null {
    return mirror && { ...mirror, seq: sequence.now, epoch };
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
        const state = sheetNow();
        if (state) sendAll(encodeSheet(state));
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

  /** Writes what was popped since the last write, answers each visitor's message, tells the bus. */
  async function flush() {
    if (flushing || pending.size === 0 || !mirror) return;
    flushing = true;
    const batch = [...pending];
    const waiting = answers;
    const sheet = mirror.sheet;
    pending.clear();
    answers = [];
    try {
      const result = await guard.run(() => store.pop(sheet, batch));
      if (result.sheet !== sheet) {
        for (const { peer, n } of waiting) peer.sendJson({ t: "no", n, error: SHEET_FINISHED });
        void load();
        return;
      }
      for (const { peer, n } of waiting) peer.sendJson({ t: "ok", n });
      const published: Published = { sheet, i: result.newly, popped: result.popped, finished: result.finished };
      if (result.next) published.next = result.next;
      if (result.newly.length > 0 || result.next) bus.publish("bubbles", JSON.stringify(published));
    } catch {
      for (const { peer, n } of waiting) {
        peer.sendJson({
          t: "no",
          n,
          error: "The sheet is out of reach for a moment. Your pops wait, and go when it is back.",
          retryMs: 2000,
        });
      }
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
      // This process missed something (a rollover it did not hear of): the store knows.
      void load();
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

  return {
    epoch,
    /** A visitor arrives, saying where it left off (`since`: "epoch.seq") if it was here before. */
    join(peer: Peer, since?: string) {
      peers.add(peer);
      presenceChanged();
      if (!mirror) {
        // It gets the sheet with everyone else once the store answers.
        void load();
        return;
      }
      const [sinceEpoch, sinceSeq] = (since ?? "").split(".").map(Number);
      const missed = sinceEpoch === epoch ? sequence.since(sinceSeq as number) : null;
      if (missed) for (const text of missed) peer.send(text);
      else peer.send(encodeSheet(sheetNow() as Sheet));
      const message = tick();
      if (message) peer.sendJson(message);
    },
    leave(peer: Peer) {
      peers.delete(peer);
      presenceChanged();
    },
    /** A visitor's pops: checked, limited, and gathered for the next write. */
    pop(peer: Peer, { n, sheet, i }: PopRequest) {
      const refused = popRefusal(mirror, { sheet, i }, () => limiter.take("pop", peer.address, i.length));
      if (refused) {
        peer.sendJson({ t: "no", n, ...refused });
        return;
      }
      for (const index of i) pending.add(index);
      answers.push({ peer, n });
    },
    /** A visitor found a gap in the sequence: the whole sheet again. */
    sync(peer: Peer) {
      const state = sheetNow();
      if (state) peer.send(encodeSheet(state));
    },
    /** The sheet as it stands (for GET /api/bubbles), loading it if need be. */
    async sheet(): Promise<(Sheet & { here: number }) | null> {
      if (!mirror) await load();
      const state = sheetNow();
      return state && { ...state, here: presence.here() };
    },
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
