import type { NoMessage, OkMessage } from "../../../contracts/live";
import {
  applyCells,
  type CellsMessage,
  DEFAULT_COOLDOWN_S,
  decodeCells,
  isCell,
  isEmoji,
  WALL_PATH,
  WALL_TOPIC,
  type WallCells,
  type WallJson,
  type WallMessage,
} from "../../../contracts/wall";
import { readItem, writeItem } from "../../kit/lib/storage";
import type { Connection } from "../../kit/live/connection";
import { followTopicLater, outboxLater } from "../../kit/live/follow-later";
import { createLiveStore } from "../../kit/live/live-store";
import type { Outbox } from "../../kit/live/outbox";
import type { FollowedTopic } from "../../kit/live/topics";
import { readSavedWall, savedWallText } from "./logic";

/**
 * The shared wall as this page holds it: the cells as the server last sent them (`cells`, null
 * until there is a wall to show), this page's paints the server has not confirmed yet (`mine`,
 * shown at once), the cooldown, and the state of the connection (app/kit/live/connection.ts). The
 * topic "wall" on the page's live channel while the page is open; without it, the last wall this
 * browser saw (kept in storage) with a plain word about why it cannot paint, and never a cell
 * nobody painted. A paint the page shows as its own is stored by the server or given back on
 * screen with the reason.
 */
export type { Connection };

export interface SharedWallState {
  connection: Connection;
  cells: WallCells | null;
  /** Cells painted here and not yet confirmed: cell -> palette index. */
  mine: ReadonlyMap<number, number>;
  /** When this visitor may paint again (ms since 1970), or null. */
  cooldownUntil: number | null;
  cooldownMs: number;
  /** When the wall shown was last known to be current, for the offline note. */
  seenAt: number | null;
  /** A paint refused or waiting, in words. */
  notice: string | null;
}

const STORAGE_KEY = "sharedEmojiWall";
const BLOCKED_NOTICE = "Your paint could not be sent from this network, so it is taken back.";

const store = createLiveStore<SharedWallState>(
  {
    connection: "connecting",
    cells: null,
    mine: new Map(),
    cooldownUntil: null,
    cooldownMs: DEFAULT_COOLDOWN_S * 1000,
    seenAt: null,
    notice: null,
  },
  { start: () => follow(), stop: () => unfollow() },
);
const state = () => store.get();

/** Where the page is in the server's numbered messages (its resume token), beside the cells. */
let place = { seq: 0, epoch: 0 };
let topic: FollowedTopic | null = null;
let outbox: Outbox<Paint> | null = null;
/** Each request's paint, by its number, so an answer can be matched to its cell. */
const requests = new Map<number, Paint>();
let keepTimer: ReturnType<typeof setInterval> | undefined;
/** The notice says a paint waits (it goes when the server is ready): its "ok" ends it. */
let noticeWaits = false;

interface Paint {
  cell: number;
  e: number;
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
  store.update({ seenAt });
}

type Incoming = WallMessage | CellsMessage | OkMessage | NoMessage;

function onMessage(message: Incoming) {
  if (message.t === "wall") {
    const cells = decodeCells(message.cells);
    if (!cells) return;
    place = { seq: message.seq, epoch: message.epoch };
    store.update({ cells, cooldownMs: message.cooldownMs, connection: "live", seenAt: Date.now() });
  } else if (message.t === "cells") {
    const held = state().cells;
    if (!held) return;
    // A copy, so React sees the change.
    const wall = { cells: held.slice(), seq: place.seq };
    const { gap, stale } = applyCells(wall, message);
    if (stale) return;
    place = { ...place, seq: wall.seq };
    if (gap) topic?.send({ t: "sync" });
    store.update({ cells: wall.cells });
  } else if (message.t === "ok") {
    // The server sent the cell's news before this answer: the wall already shows it.
    outbox?.confirm(message.n);
    const paint = requests.get(message.n);
    requests.delete(message.n);
    if (noticeWaits) store.update({ notice: null });
    noticeWaits = false;
    forget([paint]);
  } else if (message.t === "no") {
    const given = outbox?.refuse(message.n, message.retryMs) ?? [];
    requests.delete(message.n);
    // Told to wait (the cooldown, or the store away): the paint goes again then, and the page
    // counts down to it.
    if (message.retryMs !== undefined) {
      const until = Date.now() + message.retryMs;
      store.update({ cooldownUntil: Math.max(until, state().cooldownUntil ?? 0), notice: message.error });
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

function follow() {
  // The outbox's code, like the channel's, comes once the page is live; a paint before then waits.
  outbox = outboxLater<Paint>({
    // A paint goes at once; while the channel is away, the outbox looks again this often.
    everyMs: 100,
    maxPerMessage: 1,
    send(n, [paint]) {
      if (!paint || state().connection !== "live" || !topic?.send({ t: "paint", n, ...paint })) return false;
      requests.set(n, paint);
      return true;
    },
  });
  const saved = state().cells ? null : readSavedWall(readItem(STORAGE_KEY));
  if (saved) store.update(saved);
  topic = followTopicLater(
    WALL_TOPIC,
    {
      resume: () => (place.epoch ? `${place.epoch}.${place.seq}` : undefined),
      onMessage: (message) => onMessage(message as unknown as Incoming),
      onStatus(status) {
        if (status !== "open") return;
        // Resumed, the server sends only what was missed: the page is live again at once.
        if (place.epoch) store.update({ connection: "live" });
        requests.clear();
        outbox?.resend();
      },
    },
    {
      probePath: WALL_PATH,
      wantsBody: () => state().cells === null,
      current: () => state().connection,
      set: (connection) => store.update({ connection }),
      onBody: wallOverHttp,
      onBlocked: () => {
        const taken = state().mine.size > 0;
        outbox?.clear();
        store.update(taken ? { mine: new Map(), notice: BLOCKED_NOTICE } : { mine: new Map() });
      },
    },
  );
  keepTimer = setInterval(keep, 10_000);
  window.addEventListener("pagehide", keep);
}

function unfollow() {
  keep();
  window.removeEventListener("pagehide", keep);
  clearInterval(keepTimer);
  topic?.leave();
  outbox?.stop();
  [topic, outbox] = [null, null];
  requests.clear();
  // The wall shown stays for the page's next visit in this tab; the rest starts again.
  store.reset({ ...store.initial(), cells: state().cells, seenAt: state().seenAt });
}

export const subscribeWall = store.subscribe;
export const getWallState = store.get;
export const getServerWallState = store.initial;

/** What pressing a cell did: painted it, or nothing because of the cooldown or the connection. */
export type PaintResult = { painted: true; cooldownMs: number } | { painted: false; waitMs: number };

/** Paints `cell` with palette emoji `e` here: at once on screen, and to the server now or when it is back. */
export function paintCell(cell: number, e: number): PaintResult {
  const { cells, connection, cooldownUntil, cooldownMs, mine } = state();
  const now = Date.now();
  if (cooldownUntil !== null && cooldownUntil > now) return { painted: false, waitMs: cooldownUntil - now };
  if (!cells || !isCell(cell) || !isEmoji(e) || (connection !== "live" && connection !== "reconnecting")) {
    return { painted: false, waitMs: 0 };
  }
  outbox?.add({ cell, e });
  noticeWaits = false;
  store.update({ mine: new Map(mine).set(cell, e), cooldownUntil: now + cooldownMs, notice: null });
  return { painted: true, cooldownMs };
}
