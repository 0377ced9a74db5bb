import type { NoMessage } from "../../../contracts/live";
import {
  applyCells,
  type CellsMessage,
  decodeCells,
  type PaintOk,
  WALL_MESSAGE_LIMIT,
  WALL_PATH,
  WALL_TOPIC,
  type WallJson,
  type WallMessage,
} from "../../../contracts/wall";
import { randomId } from "../../kit/lib/random-id";
import { readItem, writeItem } from "../../kit/lib/storage";
import { followTopicLater } from "../../kit/live/follow-later";
import { createOutbox } from "../../kit/live/outbox";
import { readSavedWall, savedWallText } from "./logic";
import type { SharedWallState } from "./wall-state";

/**
 * The shared wall's network half (shared-wall.ts holds the state): the topic "wall" on the page's
 * live channel while the page is open, the paints sent through the outbox (sent again after a
 * reconnect, waiting when told to, given back with the reason when refused), and the last wall
 * seen kept in storage for when there is no connection. Started in the task after the page's
 * hydration (shared-wall.ts).
 *
 * The cooldown is the server's: learned from every answer (the whole wall's `cooldownMs`, a paint's
 * `ok`, a refusal's `retryMs`) and kept in storage with the time of the next paint, so that leaving
 * and coming back (a channel that resumes says neither again), or a reload, keeps it. A paint made
 * while the channel was away goes when the server will take it, one a cooldown, rather than be
 * refused as too soon. Each paint names itself (PAINT_ID), the same on every resend, so the server
 * applies it once.
 */
export interface WallLink {
  /** A paint made here: shown as this page's at once, sent now or when the wall is back. */
  paint(cell: number, e: number): void;
  stop(): void;
}

interface WallStore {
  get(): SharedWallState;
  update(next: Partial<SharedWallState>, urgent?: boolean): void;
  reset(next: SharedWallState): void;
}

const STORAGE_KEY = "sharedEmojiWall";
/** The server's cooldown and when this browser may paint again: `{"cooldownMs":3000,"until":...}`. */
const COOLDOWN_KEY = "sharedEmojiWallCooldown";
const BLOCKED_NOTICE = "Your paint could not be sent from this network, so it is taken back.";
/** The cooldowns taken as a server's: anything else in storage or an answer is not one. */
const MIN_COOLDOWN_MS = 100;
const MAX_COOLDOWN_MS = 60 * 60_000;

interface Paint {
  cell: number;
  e: number;
  /** The paint's own id (PAINT_ID), the same on every resend. */
  id: string;
}

const isCooldown = (ms: unknown): ms is number =>
  typeof ms === "number" && Number.isSafeInteger(ms) && ms >= MIN_COOLDOWN_MS && ms <= MAX_COOLDOWN_MS;

/**
 * The cooldown kept in storage, checked like a message (storage may hold anything): the server's
 * cooldown, and when the next paint may be (never further off than one cooldown from `now`).
 */
export function readCooldown(
  text: string | null | undefined,
  now: number,
): { cooldownMs: number; until: number } | null {
  try {
    const kept = JSON.parse(text ?? "null") as { cooldownMs?: unknown; until?: unknown } | null;
    if (!isCooldown(kept?.cooldownMs)) return null;
    const until = typeof kept.until === "number" && Number.isFinite(kept.until) ? kept.until : now;
    return { cooldownMs: kept.cooldownMs, until: Math.min(until, now + kept.cooldownMs) };
  } catch {
    return null;
  }
}

/** Where the page is in the server's numbered messages (its resume token), kept while the tab lives. */
let place = { seq: 0, epoch: 0 };

export function startWallLink(store: WallStore): WallLink {
  const state = () => store.get();
  /** Each request's paint, by its number, so an answer can be matched to its cell. */
  const requests = new Map<number, Paint>();
  /** The notice says a paint waits (it goes when the server is ready): its "ok" ends it. */
  let noticeWaits = false;
  /** When the server takes this visitor's next paint, as its answers said (ms since 1970). */
  let sendAfter = 0;

  /**
   * What the server said of its cooldown (`cooldownMs`) and of the time of the next paint
   * (`until`, at the earliest): shown, and kept in storage. `urgent`: learnt from the visitor's
   * own paint, and shown with it.
   */
  function learn({ cooldownMs, until }: { cooldownMs?: unknown; until?: number }, urgent = false) {
    const ms = isCooldown(cooldownMs) ? cooldownMs : state().cooldownMs;
    const next = Math.max(until ?? 0, state().cooldownUntil ?? 0);
    store.update({ cooldownMs: ms, cooldownUntil: next || null }, urgent);
    writeItem(COOLDOWN_KEY, JSON.stringify({ cooldownMs: ms, until: next }));
  }

  /** Forgets `paints` as this page's own (confirmed, or given back), unless painted again since. */
  function forget(paints: readonly (Paint | undefined)[], notice?: string) {
    const mine = new Map(state().mine);
    for (const paint of paints) if (paint && mine.get(paint.cell) === paint.e) mine.delete(paint.cell);
    store.update(notice === undefined ? { mine } : { mine, notice });
  }

  function keep() {
    const { cells, connection } = state();
    if (!cells || connection !== "live") return;
    const seenAt = Date.now();
    writeItem(STORAGE_KEY, savedWallText(cells, seenAt));
    // Shown only once the page is away: every ten seconds, no render for it (a hidden tab too).
    store.reset({ ...store.get(), seenAt });
  }

  type Incoming = WallMessage | CellsMessage | PaintOk | NoMessage;

  function onMessage(message: Incoming) {
    if (message.t === "wall") {
      const cells = decodeCells(message.cells);
      if (!cells) return;
      place = { seq: message.seq, epoch: message.epoch };
      store.update({ cells, connection: "live", seenAt: Date.now() });
      learn({ cooldownMs: message.cooldownMs });
    } else if (message.t === "cells") {
      const held = state().cells;
      if (!held) return;
      // A copy, so React sees the change.
      const wall = { cells: held.slice(), seq: place.seq };
      const { gap, stale } = applyCells(wall, message);
      if (stale) return;
      place = { ...place, seq: wall.seq };
      if (gap) outbox.sendAside("sync", () => topic.send({ t: "sync" }));
      store.update({ cells: wall.cells });
    } else if (message.t === "ok") {
      // The server sent the cell's news before this answer: the wall already shows it.
      outbox.confirm(message.n);
      const paint = requests.get(message.n);
      requests.delete(message.n);
      // The server took a paint now: its cooldown starts now.
      if (paint) {
        const ms = isCooldown(message.cooldownMs) ? message.cooldownMs : state().cooldownMs;
        sendAfter = Math.max(sendAfter, Date.now() + ms);
        learn({ cooldownMs: ms, until: sendAfter });
      }
      if (noticeWaits) store.update({ notice: null });
      noticeWaits = false;
      forget([paint]);
    } else if (message.t === "no") {
      const given = outbox.refuse(message.n, message.retryMs);
      requests.delete(message.n);
      // Told to wait (the cooldown, or the store away): the paint goes again then, and the page
      // counts down to it.
      if (message.retryMs !== undefined) {
        sendAfter = Math.max(sendAfter, Date.now() + message.retryMs);
        learn({ until: sendAfter });
        store.update({ notice: message.error });
        noticeWaits = true;
      }
      if (given.length > 0 || message.retryMs === undefined) {
        noticeWaits = false;
        forget(given, message.error);
      }
    }
  }

  /** The wall over plain HTTP, shown while the page has none of its own. */
  function wallOverHttp(body: unknown) {
    const cells = decodeCells((body as Partial<WallJson> | null)?.cells);
    if (cells && !state().cells) store.update({ cells });
  }

  const outbox = createOutbox<Paint>({
    // A paint goes at once; while the channel is away, the outbox looks again this often.
    everyMs: 100,
    maxPerMessage: 1,
    limit: WALL_MESSAGE_LIMIT,
    send(n, [paint]) {
      // Not before the server will take it: a paint made while away waits its cooldown here.
      if (!paint || state().connection !== "live" || Date.now() < sendAfter) return false;
      if (!topic.send({ t: "paint", n, ...paint })) return false;
      // The server takes it now, unless it says otherwise: the next waits a cooldown.
      sendAfter = Date.now() + state().cooldownMs;
      requests.set(n, paint);
      return true;
    },
  });
  const saved = state().cells ? null : readSavedWall(readItem(STORAGE_KEY));
  if (saved) store.update(saved);
  const kept = readCooldown(readItem(COOLDOWN_KEY), Date.now());
  if (kept) {
    sendAfter = kept.until;
    store.update({
      cooldownMs: kept.cooldownMs,
      cooldownUntil: Math.max(kept.until, state().cooldownUntil ?? 0) || null,
    });
  }
  const topic = followTopicLater(
    WALL_TOPIC,
    {
      resume: () => (place.epoch ? `${place.epoch}.${place.seq}` : undefined),
      onMessage: (message) => onMessage(message as unknown as Incoming),
      onStatus(status) {
        if (status !== "open") return;
        // Resumed, the server sends only what was missed: the page is live again at once.
        if (place.epoch) store.update({ connection: "live" });
        requests.clear();
        outbox.resend();
      },
    },
    {
      probePath: WALL_PATH,
      wantsBody: () => state().cells === null,
      current: () => state().connection,
      set: (connection, retryAt, reason) =>
        store.update({ connection, busyUntil: retryAt ?? null, busyReason: reason ?? null }),
      onBody: wallOverHttp,
      onBlocked: () => {
        const taken = state().mine.size > 0;
        outbox.clear();
        store.update(taken ? { mine: new Map(), notice: BLOCKED_NOTICE } : { mine: new Map() });
      },
    },
  );
  const keepTimer = setInterval(keep, 10_000);
  window.addEventListener("pagehide", keep);

  return {
    paint(cell, e) {
      outbox.add({ cell, e, id: randomId() });
      noticeWaits = false;
      // The visitor's own paint, and its cooldown, render at once (use-live-state.ts).
      store.update({ mine: new Map(state().mine).set(cell, e), notice: null }, true);
      learn({ until: Date.now() + state().cooldownMs }, true);
    },
    stop() {
      keep();
      window.removeEventListener("pagehide", keep);
      clearInterval(keepTimer);
      topic.leave();
      outbox.stop();
      requests.clear();
    },
  };
}
