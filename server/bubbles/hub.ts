import {
  BUBBLES_MESSAGE_LIMIT,
  BUBBLES_TOPIC,
  bytesFor,
  type DoneMessage,
  encodeSheet,
  isPopped,
  type PopRequest,
  type PopsMessage,
  type Sheet,
  setPopped,
  type TickMessage,
} from "../../contracts/bubbles.ts";
import { topicFrame } from "../../contracts/live.ts";
import { createWriteBatcher } from "../live/batcher.ts";
import { broadcast } from "../live/broadcast.ts";
import type { Bus } from "../live/bus.ts";
import { binaryMessage, type Outgoing } from "../live/frames.ts";
import { repeat, stopTopic, UNTIL_LOADED_MS } from "../live/lifecycle.ts";
import type { Peer } from "../live/peer.ts";
import type { Presence } from "../live/presence.ts";
import { createSequence } from "../live/sequence.ts";
import type { TopicModule } from "../live/topic.ts";
import type { PeerLimiter } from "../live/visitor-limit.ts";
import { errorText, type Logger } from "../ops/log.ts";
import type { Metrics } from "../ops/metrics.ts";
import type { StoreGuard } from "../ops/store-guard.ts";
import { BUBBLE_MESSAGES } from "./messages.ts";
import { type PopRefusal, popRefusal, SHEET_FINISHED, STOPPING, STORE_AWAY, tooFast } from "./refusals.ts";
import { bubbleRoutes } from "./routes.ts";
import type { BubbleStore, PopResult, StoredSheet } from "./store.ts";

/**
 * The live sheet in one server process, the topic "bubbles" of the live channel. Pops from its
 * visitors go through the shared batching window (server/live/batcher.ts) to the store, one write
 * per sheet: pops belong to the sheet they were made on, written to it or refused, never onto the
 * next one another process started meanwhile. Each write's new pops are published on the bus, and
 * every process (this one too) adds them to its copy of the sheet and sends them to its visitors
 * every `sendMs`, numbered in the topic's sequence (server/live/sequence.ts), never one message per
 * pop. A visitor who comes back names where it left off and gets what it missed when that is less
 * than the whole sheet, or the whole sheet (encoded once per state). Every `checkMs` the copy is
 * compared with the store, and replaced and sent to everyone if it differs (a lost bus message
 * heals there). A sheet keeps its size until it is finished (store.ts): `size` is this process's
 * setting, for the sheets it begins; the copy has the size of the sheet as the store keeps it.
 */
export interface BubbleHubOptions {
  store: BubbleStore;
  bus: Bus;
  guard: StoreGuard;
  log: Logger;
  /** Pops per visitor (and more loosely per address), for the whole fleet (a person pops at most ~15 a second). */
  limiter: PeerLimiter;
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
  /** The next sheet's size (absent from a process of an earlier build: the same size). */
  size?: number;
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
  let mirror: StoredSheet | null = null;
  /** News heard over the bus so far (a load in flight reads again when there is more). */
  let heard = 0;
  const sequence = createSequence(BUBBLES_TOPIC);
  const peers = new Set<Peer>();
  const lastSync = new WeakMap<Peer, number>();
  let outgoing: number[] = [];
  let loading: Promise<void> | null = null;
  let stopped = false;
  /** The whole sheet as sent, made (and framed) once per state however many visitors ask for it. */
  let encoded: { key: string; bytes: Uint8Array; message: Outgoing } | null = null;

  const refuse = (peer: Peer, n: number, { reason, ...refusal }: PopRefusal, count: number) => {
    metrics?.popsRefused.inc({ reason }, count);
    peer.sendJson({ t: "no", n, ...refusal });
  };

  /** A numbered message: kept for visitors who come back, and sent to everyone now. */
  function record(message: Omit<PopsMessage, "seq" | "topic"> | Omit<DoneMessage, "seq" | "topic">) {
    broadcast(peers, sequence.add(message));
  }

  function sheetNow(): Sheet | null {
    return mirror && { ...mirror, seq: sequence.now, epoch: sequence.epoch };
  }

  function wholeSheet(): { bytes: Uint8Array; message: Outgoing } | null {
    const state = sheetNow();
    if (!state) return null;
    const key = `${state.sheet}.${state.seq}.${state.popped}`;
    if (encoded?.key !== key) {
      const bytes = encodeSheet(state);
      encoded = { key, bytes, message: binaryMessage(topicFrame(BUBBLES_TOPIC, bytes)) };
    }
    return encoded;
  }

  function sendWholeSheet(to: Iterable<Peer>) {
    const whole = wholeSheet();
    if (whole) for (const peer of to) peer.sendPrepared(whole.message);
  }

  function sendOutgoing() {
    if (!mirror || outgoing.length === 0) return;
    record({ t: "pops", sheet: mirror.sheet, i: outgoing });
    outgoing = [];
  }

  function tick(): Omit<TickMessage, "topic"> | null {
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

  /** The tick to everyone: one text for all of them. */
  function tickAll() {
    const message = tick();
    if (message) broadcast(peers, JSON.stringify({ topic: BUBBLES_TOPIC, ...message }));
  }

  /**
   * The store's sheet, read again when news came over the bus while it was read (a read that began
   * before a write can end after that write's news, and would take it back): at most three reads.
   */
  async function readFresh() {
    for (let reads = 1; ; reads++) {
      const before = heard;
      const stored = await guard.run(() => store.sheet(size));
      if (heard === before || reads === 3) return stored;
    }
  }

  /** Reads the sheet from the store; a copy that differs is replaced and sent to everyone. */
  function load(): Promise<void> {
    loading ??= readFresh()
      .then((stored) => {
        const same =
          mirror !== null &&
          stored.sheet === mirror.sheet &&
          stored.popped === mirror.popped &&
          stored.bits.every((byte, k) => byte === mirror?.bits[k]);
        if (same) return;
        if (mirror && catchUp(mirror, stored)) return;
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
        sendWholeSheet(peers);
        // With its counts: a visitor who joined before the sheet was read has had none yet.
        tickAll();
      })
      .catch((error: unknown) => log.debug("bubble sheet not loaded", { error: errorText(error) }))
      .finally(() => {
        loading = null;
      });
    return loading;
  }

  /**
   * The store only ahead of this copy (the same sheet, every bubble popped here popped there too):
   * writes whose news is still on its way over the bus, read by a check that came first. Their
   * bubbles go out as pops, as the news would have sent them (which then finds them popped and
   * sends nothing). Replacing the copy would send every visitor the whole sheet for it, 1.25 KB
   * on a sheet of 10,000, at every check of a busy sheet.
   */
  function catchUp(copy: StoredSheet, stored: StoredSheet): boolean {
    if (stored.sheet !== copy.sheet || stored.size !== copy.size || stored.bits.length !== copy.bits.length)
      return false;
    for (let k = 0; k < copy.bits.length; k++) {
      if (((copy.bits[k] ?? 0) & ~(stored.bits[k] ?? 0)) !== 0) return false;
    }
    for (let i = 0; i < copy.size; i++) {
      if (isPopped(stored.bits, i) && setPopped(copy.bits, i)) {
        copy.popped++;
        outgoing.push(i);
      }
    }
    copy.finished = Math.max(copy.finished, stored.finished);
    return copy.popped === stored.popped;
  }

  /** Tells every process what a write popped (and that it finished the sheet, if it did). */
  function publish(sheet: number, result: PopResult) {
    if (result.sheet !== sheet) return;
    metrics?.popsStored.inc(result.newly.length);
    const published: Published = { sheet, i: result.newly, popped: result.popped, finished: result.finished };
    if (result.next) {
      published.next = result.next;
      published.size = result.size;
    }
    if (result.newly.length > 0 || result.next) bus.publish(BUBBLES_TOPIC, JSON.stringify(published));
  }

  const writes = createWriteBatcher<{ sheet: number; i: readonly number[] }, number, PopResult>({
    flushMs,
    guard,
    keyOf: (request) => request.sheet,
    write: (sheet, requests) => store.pop(sheet, [...new Set(requests.flatMap((r) => r.i))], size),
    written(sheet, batch, result) {
      if (result.sheet !== sheet) {
        // Finished meanwhile (by this process or another): nothing was written.
        for (const { peer, n, request } of batch)
          refuse(peer, n, { reason: "finished", error: SHEET_FINISHED }, request.i.length);
        void load();
        return;
      }
      for (const { peer, n } of batch) peer.sendJson({ t: "ok", n });
      publish(sheet, result);
    },
    failed(_, batch) {
      for (const { peer, n, request } of batch) refuse(peer, n, STORE_AWAY, request.i.length);
    },
    landedLate: publish,
    refuseLate(_, batch) {
      for (const { peer, n, request } of batch) refuse(peer, n, STOPPING, request.i.length);
    },
  });

  /** A write from any process: its pops join the next message, a finished sheet starts the next. */
  function published(message: string) {
    let m: Published;
    try {
      m = JSON.parse(message) as Published;
    } catch {
      return;
    }
    heard++;
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
      const size = Number.isSafeInteger(m.size) && (m.size as number) > 0 ? (m.size as number) : mirror.size;
      const resized = size !== mirror.size;
      mirror = { sheet: m.next, size, popped: 0, finished: m.finished, bits: new Uint8Array(bytesFor(size)) };
      record({ t: "done", sheet: m.sheet, finished: m.finished });
      if (resized) {
        // A page makes the next sheet at the size of the last: this one is another size, so it is
        // sent whole, and nobody resumes from before it (a replayed "done" would make it wrong).
        sequence.restart();
        sendWholeSheet(peers);
      }
    }
  }

  bus.subscribe(BUBBLES_TOPIC, published);
  // The sheet is read once the bus works, and again after it reconnects (messages may have been
  // lost while it was away).
  bus.onReady(() => void load());

  const stopRepeating = repeat(
    [sendOutgoing, sendMs],
    [
      () => {
        tickAll();
        presence.report(peers.size);
      },
      tickMs,
    ],
    [() => void load(), checkMs],
    [
      () => {
        if (!mirror) void load();
      },
      UNTIL_LOADED_MS,
    ],
  );

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
      tickAll();
    }, PRESENCE_TICK_MS);
    presenceTimer.unref();
  }

  /** A visitor's pops: checked, limited, and gathered for the next write of the sheet they were made on. */
  const pop = (peer: Peer, request: Pick<PopRequest, "n" | "sheet" | "i">) => writes.checking(admit(peer, request));
  async function admit(peer: Peer, { n, sheet, i }: Pick<PopRequest, "n" | "sheet" | "i">) {
    const refused = popRefusal(mirror, { sheet, i });
    if (refused) return refuse(peer, n, refused, i.length);
    const waitMs = await limiter.take(peer, i.length);
    if (waitMs > 0) return refuse(peer, n, tooFast(waitMs), i.length);
    writes.add(peer, n, { sheet, i });
  }

  /** A visitor found a gap in the sequence: the whole sheet again, at most every few seconds. */
  function sync(peer: Peer) {
    const now = Date.now();
    if (now - (lastSync.get(peer) ?? Number.NEGATIVE_INFINITY) < SYNC_EVERY_MS) return;
    lastSync.set(peer, now);
    sendWholeSheet([peer]);
  }

  /** The sheet as it stands (for GET /api/bubbles), loading it if need be. */
  async function sheet(): Promise<(Sheet & { here: number }) | null> {
    if (!mirror) await load();
    const state = sheetNow();
    return state && { ...state, here: presence.here() };
  }

  const topic = {
    topic: BUBBLES_TOPIC,
    messages: BUBBLE_MESSAGES,
    messageLimit: BUBBLES_MESSAGE_LIMIT,
    routes: bubbleRoutes(sheet),
    join(peer: Peer, since?: string) {
      peers.add(peer);
      presenceChanged();
      const whole = wholeSheet();
      if (!whole) {
        // It gets the sheet with everyone else once the store answers.
        void load();
        return;
      }
      // What it missed, when that is less to send than the whole sheet.
      const missed = sequence.since(since, whole.bytes.length);
      if (missed) for (const text of missed) peer.send(text);
      else peer.sendPrepared(whole.message);
      const message = tick();
      if (message) peer.sendJson(message);
    },
    leave(peer: Peer) {
      peers.delete(peer);
      presenceChanged();
    },
    handle(peer: Peer, message: { t: string }) {
      if (message.t === "pop") {
        pop(peer, message as PopRequest).catch((error: unknown) =>
          log.error("pop failed", { error: errorText(error) }),
        );
      } else if (message.t === "sync") sync(peer);
    },
    /** Writes what is still gathered, and stops. */
    stop: stopTopic({
      before: () => {
        stopped = true;
        clearTimeout(presenceTimer);
      },
      repeating: stopRepeating,
      presence,
      writes,
      sendLast: sendOutgoing,
    }),
  } satisfies TopicModule;

  return {
    ...topic,
    epoch: sequence.epoch,
    /** A visitor's pops (what `handle` does with a pop message), resolved once they are gathered or refused. */
    pop,
    sheet,
    /** Writes what is gathered now (as the timer would). */
    flush: writes.flush,
  };
}

export type BubbleHub = ReturnType<typeof createBubbleHub>;
