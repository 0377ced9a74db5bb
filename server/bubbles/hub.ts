import { BUBBLES_MESSAGE_LIMIT, BUBBLES_TOPIC, type PopRequest, type Sheet } from "../../contracts/bubbles.ts";
import { createWriteBatcher } from "../live/batcher.ts";
import type { Bus } from "../live/bus.ts";
import { repeat, stopTopic } from "../live/lifecycle.ts";
import type { Peer } from "../live/peer.ts";
import type { Presence } from "../live/presence.ts";
import { storeReads } from "../live/store-reads.ts";
import type { TopicModule } from "../live/topic.ts";
import type { PeerLimiter } from "../live/visitor-limit.ts";
import { errorText, type Logger } from "../ops/log.ts";
import type { Metrics } from "../ops/metrics.ts";
import type { StoreGuard } from "../ops/store-guard.ts";
import { createSheetFanOut } from "./fan-out.ts";
import { BUBBLE_MESSAGES } from "./messages.ts";
import { type PopRefusal, popRefusal, SHEET_FINISHED, STOPPING, STORE_AWAY, tooFast } from "./refusals.ts";
import { bubbleRoutes } from "./routes.ts";
import { catchUp, newsOf, nextSheet, type SheetNews, SheetNewsSchema, sameSheet, takePops } from "./sheet-news.ts";
import type { BubbleStore, PopResult, StoredSheet } from "./store.ts";

/**
 * The live sheet in one server process, the topic "bubbles" of the live channel. Pops from its
 * visitors go through the shared batching window (server/live/batcher.ts) to the store, one write
 * per sheet: pops belong to the sheet they were made on, written to it or refused, never onto the
 * next one another process started meanwhile. Each write's pops (every bubble it was asked for,
 * popped now) go into this process's copy of the sheet and are published on the bus for every
 * other process's; each sends what is new to its copy to its visitors every `sendMs`, numbered in
 * the topic's sequence (server/live/sequence.ts), never one message per pop. A visitor who comes
 * back names where it left off and gets what it missed when that is less than the whole sheet, or
 * the whole sheet (encoded once per state). The copy is compared with the store when
 * store-reads.ts says (after a reconnect, an outage, every `checkMs`), and replaced and sent to
 * everyone if it differs (a lost bus message heals there). A sheet keeps its size until it is
 * finished (store.ts): `size` is this process's setting, for the sheets it begins; the copy has
 * the size of the sheet as the store keeps it.
 * What visitors are sent is fan-out.ts's; how the copy takes news and reads is sheet-news.ts's.
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
  /** News taken so far, from the bus and from this process's own writes (a load in flight reads again when there is more). */
  let heard = 0;
  let outgoing: number[] = [];
  const fanOut = createSheetFanOut({ presence, copy: () => mirror, pending: () => outgoing.length });

  const refuse = (peer: Peer, n: number, { reason, ...refusal }: PopRefusal, count: number) => {
    metrics?.popsRefused.inc({ reason }, count);
    peer.sendJson({ t: "no", n, ...refusal });
  };

  function sendOutgoing() {
    if (!mirror || outgoing.length === 0) return;
    fanOut.record({ t: "pops", sheet: mirror.sheet, i: outgoing });
    outgoing = [];
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
  async function readSheet(): Promise<void> {
    const stored = await readFresh();
    if (mirror && sameSheet(mirror, stored)) return;
    if (mirror && catchUp(mirror, stored, outgoing)) return;
    if (mirror) log.info("bubble sheet replaced from the store", { sheet: stored.sheet, popped: stored.popped });
    // A sheet finished that this process did not hear of (its bus message was lost, or the
    // write's answer was): everyone here still gets the celebration, then the new sheet.
    if (mirror && stored.sheet > mirror.sheet) {
      fanOut.record({ t: "done", sheet: stored.sheet - 1, finished: stored.finished });
    }
    outgoing = [];
    mirror = stored;
    // The sequence restarts from here: nobody can resume from before the replacement.
    fanOut.restart();
    // With its counts: a visitor who joined before the sheet was read has had none yet.
    fanOut.tickAll();
  }
  const reads = storeReads({ read: readSheet, what: "bubble sheet", bus, guard, log, checkMs });
  const { load, loaded } = reads;

  /**
   * Takes what a write of this process popped (and that it finished the sheet, if it did) into the
   * copy at once, and tells every other process: this copy never waits on the bus for its own
   * writes (its own news, heard back, adds nothing). The news names every bubble the write asked
   * for (`asked`), popped now whoever popped it first: a pop sent again because the answer to its
   * first write was lost (a deadline, a server stopping) finds its bubble popped and pops nothing
   * new, and the first write's news may never have gone out; a copy that had it takes nothing.
   */
  function publish(sheet: number, result: PopResult, asked: readonly number[] = []) {
    if (result.sheet !== sheet) return;
    metrics?.popsStored.inc(result.newly.length);
    const news = newsOf(result, asked);
    if (!news) return;
    published(news);
    bus.publish(BUBBLES_TOPIC, "pops", { ...news });
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
      // News first: a page told "ok" has its pops on this server's copy.
      publish(
        sheet,
        result,
        batch.flatMap(({ request }) => request.i),
      );
      for (const { peer, n } of batch) peer.sendJson({ t: "ok", n });
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
  function published(m: SheetNews) {
    heard++;
    if (!mirror) return;
    if (m.sheet !== mirror.sheet) {
      // This process missed something (a rollover it did not hear of), or this news is of a sheet
      // it has left behind: the store knows.
      if (m.sheet > mirror.sheet) void load();
      return;
    }
    takePops(mirror, m.i, outgoing);
    mirror.finished = Math.max(mirror.finished, m.finished);
    if (m.next) {
      sendOutgoing();
      const next = nextSheet(mirror, m.next, m);
      const resized = next.size !== mirror.size;
      mirror = next;
      fanOut.record({ t: "done", sheet: m.sheet, finished: m.finished });
      // A page makes the next sheet at the size of the last: this one is another size, so it is
      // sent whole, and nobody resumes from before it (a replayed "done" would make it wrong).
      if (resized) fanOut.restart();
    }
  }

  bus.subscribe(BUBBLES_TOPIC, "pops", SheetNewsSchema, published);

  const stopRepeating = repeat([sendOutgoing, sendMs], [fanOut.tickAndReport, tickMs], ...reads.repeated);

  /** A visitor's pops: checked, limited, and gathered for the next write of the sheet they were made on. */
  const pop = (peer: Peer, request: Pick<PopRequest, "n" | "sheet" | "i">) => writes.checking(admit(peer, request));
  async function admit(peer: Peer, { n, sheet, i }: Pick<PopRequest, "n" | "sheet" | "i">) {
    const refused = popRefusal(mirror, { sheet, i });
    if (refused) return refuse(peer, n, refused, i.length);
    const waitMs = await limiter.take(peer, i.length);
    if (waitMs > 0) return refuse(peer, n, tooFast(waitMs), i.length);
    writes.add(peer, n, { sheet, i });
  }

  /** The sheet as it stands (for GET /api/bubbles), loading it if need be. */
  async function sheet(): Promise<(Sheet & { here: number }) | null> {
    if (!mirror) await loaded();
    const state = fanOut.sheetNow();
    return state && { ...state, here: presence.here() };
  }

  const topic = {
    topic: BUBBLES_TOPIC,
    messages: BUBBLE_MESSAGES,
    messageLimit: BUBBLES_MESSAGE_LIMIT,
    routes: bubbleRoutes(sheet),
    join(peer: Peer, since?: string) {
      // Without a sheet yet, it gets it with everyone else once the store answers.
      if (!fanOut.join(peer, since)) void load();
    },
    leave: fanOut.leave,
    handle(peer: Peer, message: { t: string }) {
      if (message.t === "pop") {
        pop(peer, message as PopRequest).catch((error: unknown) =>
          log.error("pop failed", { error: errorText(error) }),
        );
      } else if (message.t === "sync") fanOut.sync(peer);
    },
    /** Writes what is still gathered, and stops. */
    stop: stopTopic({ before: fanOut.stop, repeating: stopRepeating, presence, writes, sendLast: sendOutgoing }),
  } satisfies TopicModule;

  return {
    ...topic,
    epoch: fanOut.epoch,
    /** A visitor's pops (what `handle` does with a pop message), resolved once they are gathered or refused. */
    pop,
    sheet,
    /** Writes what is gathered now (as the timer would). */
    flush: writes.flush,
  };
}

export type BubbleHub = ReturnType<typeof createBubbleHub>;
