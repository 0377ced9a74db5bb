import {
  BUBBLES_TOPIC,
  type DoneMessage,
  encodeSheet,
  type PopsMessage,
  type Sheet,
  type TickMessage,
} from "../../contracts/bubbles.ts";
import { topicFrame } from "../../contracts/live.ts";
import { broadcast } from "../live/broadcast.ts";
import { binaryMessage, type Outgoing } from "../live/frames.ts";
import type { Peer } from "../live/peer.ts";
import type { Presence } from "../live/presence.ts";
import { resyncAtMost } from "../live/resync.ts";
import { createSequence } from "../live/sequence.ts";
import type { StoredSheet } from "./store.ts";

/** How soon a change in who is here reaches everyone. */
const PRESENCE_TICK_MS = 1000;

/**
 * What the visitors of this process are sent of the sheet: numbered messages (pops, a finished
 * sheet) in the topic's sequence (server/live/sequence.ts), kept for a visitor who comes back; the
 * whole sheet, encoded and framed once per state however many ask for it; and the tick with the
 * counts and who is here. `copy` is the hub's copy of the sheet, `pending` how many of its pops
 * are gathered for the next message and not sent yet.
 */
export function createSheetFanOut({
  presence,
  copy,
  pending,
}: {
  presence: Presence;
  copy: () => StoredSheet | null;
  pending: () => number;
}) {
  const sequence = createSequence(BUBBLES_TOPIC);
  const peers = new Set<Peer>();
  let encoded: { key: string; bytes: Uint8Array; message: Outgoing } | null = null;
  let presenceTimer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  /** A numbered message: kept for visitors who come back, and sent to everyone now. */
  function record(message: Omit<PopsMessage, "seq" | "topic"> | Omit<DoneMessage, "seq" | "topic">) {
    broadcast(peers, sequence.add(message));
  }

  function sheetNow(): Sheet | null {
    const sheet = copy();
    return sheet && { ...sheet, seq: sequence.now, epoch: sequence.epoch };
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

  function tick(): Omit<TickMessage, "topic"> | null {
    const sheet = copy();
    if (!sheet) return null;
    return {
      t: "tick",
      sheet: sheet.sheet,
      seq: sequence.now,
      // As of `seq`: the pops gathered for the next message are not counted yet.
      popped: sheet.popped - pending(),
      finished: sheet.finished,
      here: presence.here(),
    };
  }

  /** The tick to everyone: one text for all of them. */
  function tickAll() {
    const message = tick();
    if (message) broadcast(peers, JSON.stringify({ topic: BUBBLES_TOPIC, ...message }));
  }

  /**
   * Someone came or went: everyone hears how many are here within a second (one tick more, at most
   * one a second however many come and go), not at the next regular tick.
   */
  function presenceChanged() {
    presence.report(peers.size);
    if (presenceTimer || stopped) return;
    presenceTimer = setTimeout(() => {
      presenceTimer = undefined;
      tickAll();
    }, PRESENCE_TICK_MS);
    presenceTimer.unref();
  }

  return {
    epoch: sequence.epoch,
    record,
    sheetNow,
    tickAll,
    /** Everyone gets the sheet whole: nobody can resume from before this point. */
    restart() {
      sequence.restart();
      sendWholeSheet(peers);
    },
    /** The regular tick, and this process's count of who is here. */
    tickAndReport() {
      tickAll();
      presence.report(peers.size);
    },
    /** A visitor found a gap in the sequence: the whole sheet again, at most every few seconds. */
    sync: resyncAtMost((peer) => sendWholeSheet([peer])),
    /** A new visitor: what it missed, or the whole sheet, and the tick; false while there is no sheet yet. */
    join(peer: Peer, since?: string): boolean {
      peers.add(peer);
      presenceChanged();
      const whole = wholeSheet();
      // It gets the sheet with everyone else once the store answers.
      if (!whole) return false;
      // What it missed, when that is less to send than the whole sheet.
      const missed = sequence.since(since, whole.bytes.length);
      if (missed) for (const text of missed) peer.send(text);
      else peer.sendPrepared(whole.message);
      const message = tick();
      if (message) peer.sendJson(message);
      return true;
    },
    leave(peer: Peer) {
      peers.delete(peer);
      presenceChanged();
    },
    stop() {
      stopped = true;
      clearTimeout(presenceTimer);
    },
  };
}
