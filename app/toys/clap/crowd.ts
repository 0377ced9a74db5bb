import {
  CLAPPING_WINDOW_MS,
  CLAPS_MESSAGE_LIMIT,
  CLAPS_PATH,
  CLAPS_TOPIC,
  type ClapsOk,
  type CrowdJson,
  type CrowdMessage,
  MAX_BATCH,
  MAX_CLAPS_PER_BATCH,
  MAX_UNCONFIRMED_BATCHES,
  REPLAY_WINDOW,
  RESEND_FOR_MS,
  SEND_CLAPS_EVERY_MS,
  SEND_TOTAL_EVERY_MS,
} from "../../../contracts/claps";
import type { NoMessage } from "../../../contracts/live";
import { randomId } from "../../kit/lib/random-id";
import type { Connection } from "../../kit/live/connection";
import { followTopicLater } from "../../kit/live/follow-later";
import { createLiveStore } from "../../kit/live/live-store";
import { createOutbox, type Outbox } from "../../kit/live/outbox";
import type { FollowedTopic } from "../../kit/live/topics";
import { isMuted } from "../../kit/sound/mute";
import { playNoise } from "../../kit/sound/sound";
import { crowdClapDelays, crowdClapSound } from "./logic";

/**
 * The crowd as this page knows it: the server's total and how many are clapping now, this page's
 * claps the server has not confirmed yet (`mine`: shown as the page's own, on their way), and the
 * state of the connection (app/kit/live/connection.ts). The topic "claps" on the page's live
 * channel while the page is open.
 *
 * Claps are summed for SEND_CLAPS_EVERY_MS and sent as one numbered batch of this page's
 * (contracts/claps.ts) through the outbox, which sends a batch again after a reconnect, waits when
 * told "later" and gives it back when told "never"; the server counts each batch once. A new batch
 * is made only while fewer than MAX_UNCONFIRMED_BATCHES wait and the oldest is within the
 * server's replay window of it; the other claps wait here, summed. The crowd's claps (the total's
 * growth, less this page's own) are played as quiet noise bursts, as dense as the crowd is, capped.
 *
 * What the page says about its connection is the kit's (app/kit/live/connection.ts); when a try
 * fails, `GET /api/claps` tells a static host (the claps are the visitor's alone) from a server away.
 */
export type { Connection };

export interface CrowdState {
  connection: Connection;
  /** While busy: when the page tries again (ms since 1970), and why, in the server's words. */
  busyUntil: number | null;
  busyReason: string | null;
  /** The server's total, as last heard (never one the page made up). */
  total: number | null;
  /** How many are clapping now, while live. */
  clapping: number | null;
  /** This page's claps not confirmed yet: waiting here, or in batches on their way. */
  mine: number;
  /** Claps refused for good or given back, in words. */
  notice: string | null;
}

interface Batch {
  batch: number;
  count: number;
  /** When it was made (ms since 1970): one older than RESEND_FOR_MS is given up. */
  at: number;
}

const GIVEN_BACK = "Your claps could not reach the crowd from this network.";
/** The crowd's claps scheduled at once, at most (each is a short noise burst). */
const MAX_CROWD_SOUNDS = 8;

const store = createLiveStore<CrowdState>(
  { connection: "connecting", busyUntil: null, busyReason: null, total: null, clapping: null, mine: 0, notice: null },
  { start: () => start(), stop: () => stop() },
);
let state = store.get();
function update(next: Partial<CrowdState>) {
  store.update(next);
  state = store.get();
}

let channel: FollowedTopic | null = null;
let outbox: Outbox<Batch> | null = null;
/** This page's id for its batches of claps (contracts/claps.ts PAGE_ID): random, never stored. */
let pageId = "";
let nextBatch = 1;
/** Claps not in a batch yet. */
let waiting = 0;
/** Batches made and not confirmed, by number; and the batch each request `n` carried. */
const unconfirmed = new Map<number, Batch>();
const carried = new Map<number, Batch>();
let sealTimer: ReturnType<typeof setTimeout> | undefined;
/** The next crowd message is the crowd as it stands (the page just joined): no applause for it. */
let joining = true;
/** The data the total is of, as the server named it (contracts/claps.ts `gen`). */
let generation: string | undefined;
let lastOwnClap = Number.NEGATIVE_INFINITY;
const sounds = new Set<ReturnType<typeof setTimeout>>();

const mineNow = () => waiting + [...unconfirmed.values()].reduce((sum, b) => sum + b.count, 0);
/** Claps wait for the crowd while it may come back; with no server here, or blocked, they cannot. */
const sendable = () => state.connection !== "no-server" && state.connection !== "blocked";

/**
 * Puts waiting claps into batches, as many as the server's replay window and the cap allow. Called
 * by its timer, or at once (the crowd arrived, a batch was confirmed): then the timer is not needed.
 */
function seal() {
  clearTimeout(sealTimer);
  sealTimer = undefined;
  if (!outbox || state.connection !== "live") return;
  while (waiting > 0 && unconfirmed.size < MAX_UNCONFIRMED_BATCHES && nextBatch <= MAX_BATCH) {
    const oldest = Math.min(...unconfirmed.keys());
    if (nextBatch - oldest >= REPLAY_WINDOW) break;
    const batch: Batch = { batch: nextBatch++, count: Math.min(waiting, MAX_CLAPS_PER_BATCH), at: Date.now() };
    waiting -= batch.count;
    unconfirmed.set(batch.batch, batch);
    outbox.add(batch);
  }
}

function scheduleSeal() {
  if (sealTimer === undefined && waiting > 0) sealTimer = setTimeout(seal, SEND_CLAPS_EVERY_MS);
}

/** The crowd's claps: `others` heard since the last news, played over the next moments. */
function applaud(others: number, clapping: number) {
  if (others <= 0 || isMuted() || document.visibilityState !== "visible") return;
  const iClapped = Date.now() - lastOwnClap < CLAPPING_WINDOW_MS ? 1 : 0;
  const people = Math.max(1, clapping - iClapped);
  for (const delay of crowdClapDelays(others, people, SEND_TOTAL_EVERY_MS, Math.random)) {
    if (sounds.size >= MAX_CROWD_SOUNDS) return;
    const timer = setTimeout(() => {
      sounds.delete(timer);
      playNoise(crowdClapSound(people, Math.random));
    }, delay);
    sounds.add(timer);
  }
}

/** A total from the server; what it grew by, less `own` (this page's claps in it), is the crowd's. */
function heard(total: number, own: number, clapping = state.clapping) {
  const before = state.total;
  if (before !== null && total <= before) return;
  update({ total });
  if (before !== null && !joining) applaud(total - before - own, clapping ?? 1);
}

type ClapsMessage = CrowdMessage | ClapsOk | NoMessage;

function receive(message: ClapsMessage) {
  switch (message.t) {
    case "crowd": {
      const wasJoining = joining;
      // A total of other data (the server's store lost its claps and began again) replaces the
      // page's, which would otherwise stay at the old larger number for good; no applause for it.
      if (typeof message.gen === "string") {
        if (generation !== undefined && message.gen !== generation) update({ total: message.total });
        generation = message.gen;
      }
      heard(message.total, 0, message.clapping);
      joining = false;
      update({ clapping: message.clapping, connection: "live" });
      if (wasJoining) seal();
      return;
    }
    case "ok": {
      const batch = carried.get(message.n);
      carried.delete(message.n);
      outbox?.confirm(message.n);
      if (batch) unconfirmed.delete(batch.batch);
      heard(message.total, batch && message.counted ? batch.count : 0);
      update({ mine: mineNow() });
      seal();
      return;
    }
    case "no": {
      carried.delete(message.n);
      // Given back: refused for good, or told "later" too many times.
      const dropped = outbox?.refuse(message.n, message.retryMs) ?? [];
      for (const batch of dropped) unconfirmed.delete(batch.batch);
      const lost = dropped.reduce((sum, b) => sum + b.count, 0);
      update({
        mine: mineNow(),
        ...(lost > 0 ? { notice: `${lost} of your claps could not join the crowd: ${message.error}` } : {}),
      });
      return;
    }
    default:
      return;
  }
}

/** Forgets every clap on its way (they cannot get there): with `notice`, says so. */
function forgetMine(notice?: string) {
  const had = mineNow() > 0;
  waiting = 0;
  unconfirmed.clear();
  carried.clear();
  outbox?.clear();
  update({ mine: 0, ...(had && notice ? { notice } : {}) });
}

/** The channel is open again: batches too old to send again are given up, the rest go again. */
function reopened() {
  joining = true;
  const old = [...unconfirmed.values()].filter((b) => Date.now() - b.at > RESEND_FOR_MS);
  if (old.length > 0) {
    const young = [...unconfirmed.values()].filter((b) => !old.includes(b));
    outbox?.clear();
    carried.clear();
    for (const b of old) unconfirmed.delete(b.batch);
    for (const b of young) outbox?.add(b);
    update({ mine: mineNow() });
  } else {
    carried.clear();
    outbox?.resend();
  }
}

/** The crowd over HTTP (the first answer, or one while the channel is away): its total, if none yet. */
function heardOverHttp(body: unknown) {
  const { total } = (body ?? {}) as Partial<CrowdJson>;
  if (state.total === null && Number.isSafeInteger(total)) update({ total: total as number });
}

/** What the page says about its connection: who is clapping is known only while live. */
function connectionIs(connection: Connection, retryAt?: number, reason?: string) {
  if (connection === "no-server") forgetMine();
  const busy = { busyUntil: retryAt ?? null, busyReason: reason ?? null };
  update({ connection, ...busy, ...(connection === "live" ? {} : { clapping: null }) });
}

function start() {
  pageId = randomId();
  nextBatch = 1;
  joining = true;
  outbox = createOutbox<Batch>({
    everyMs: 50,
    // Each batch is its own message: its number is what the server counts it by.
    maxPerMessage: 1,
    limit: CLAPS_MESSAGE_LIMIT,
    send: (n, [batch]) => {
      if (!batch || channel?.status !== "open") return false;
      const sent = channel.send({ t: "clap", n, page: pageId, batch: batch.batch, count: batch.count });
      if (sent) carried.set(n, batch);
      return sent;
    },
  });
  channel = followTopicLater(
    CLAPS_TOPIC,
    {
      onMessage: (message) => receive(message as unknown as ClapsMessage),
      onStatus: (status) => {
        if (status === "open") reopened();
      },
    },
    {
      probePath: CLAPS_PATH,
      wantsBody: () => state.total === null,
      current: () => state.connection,
      set: connectionIs,
      onBody: heardOverHttp,
      onBlocked: () => forgetMine(GIVEN_BACK),
    },
  );
}

function stop() {
  channel?.leave();
  outbox?.stop();
  channel = null;
  outbox = null;
  clearTimeout(sealTimer);
  sealTimer = undefined;
  for (const timer of sounds) clearTimeout(timer);
  sounds.clear();
  waiting = 0;
  unconfirmed.clear();
  carried.clear();
  // The total stays: it was the server's, and a page that comes back shows it while it rejoins.
  store.reset({ ...store.initial(), total: state.total });
  state = store.get();
}

/** For useLiveState (app/kit/live/use-live-state.ts): the crowd is followed while anything shows it. */
export const subscribeCrowd = store.subscribe;
export const getCrowd = store.get;

/** A clap on this page: it joins the crowd's total with the next batch, when there is a crowd. */
export function clapWithCrowd() {
  // However many wait (a count, not a list: nothing grows), they all go, paced by the topic's
  // limits, once the crowd can take them (issue 56: nothing the visitor did is dropped).
  if (!sendable()) return;
  waiting++;
  lastOwnClap = Date.now();
  update({ mine: mineNow(), notice: null });
  scheduleSeal();
}
