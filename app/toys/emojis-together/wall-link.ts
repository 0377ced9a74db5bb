import type { NoMessage, OkMessage } from "../../../contracts/live";
import {
  applyCells,
  type CellsMessage,
  decodeCells,
  WALL_MESSAGE_LIMIT,
  WALL_PATH,
  WALL_TOPIC,
  type WallJson,
  type WallMessage,
} from "../../../contracts/wall";
import { readItem, writeItem } from "../../kit/lib/storage";
import { followTopicLater, outboxLater } from "../../kit/live/follow-later";
import { readSavedWall, savedWallText } from "./logic";
import type { SharedWallState } from "./shared-wall";

/**
 * The shared wall's network half (shared-wall.ts holds the state): the topic "wall" on the page's
 * live channel while the page is open, the paints sent through the outbox (sent again after a
 * reconnect, waiting when told to, given back with the reason when refused), and the last wall
 * seen kept in storage for when there is no connection. Fetched once the page is live.
 */
export interface WallLink {
  /** A paint made here: shown as this page's at once, sent now or when the wall is back. */
  paint(cell: number, e: number): void;
  stop(): void;
}

interface WallStore {
  get(): SharedWallState;
  update(next: Partial<SharedWallState>): void;
}

const STORAGE_KEY = "sharedEmojiWall";
const BLOCKED_NOTICE = "Your paint could not be sent from this network, so it is taken back.";

interface Paint {
  cell: number;
  e: number;
}

/** Where the page is in the server's numbered messages (its resume token), kept while the tab lives. */
let place = { seq: 0, epoch: 0 };

export function startWallLink(store: WallStore): WallLink {
  const state = () => store.get();
  /** Each request's paint, by its number, so an answer can be matched to its cell. */
  const requests = new Map<number, Paint>();
  /** The notice says a paint waits (it goes when the server is ready): its "ok" ends it. */
  let noticeWaits = false;

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
      if (gap) outbox.sendAside("sync", () => topic.send({ t: "sync" }));
      store.update({ cells: wall.cells });
    } else if (message.t === "ok") {
      // The server sent the cell's news before this answer: the wall already shows it.
      outbox.confirm(message.n);
      const paint = requests.get(message.n);
      requests.delete(message.n);
      if (noticeWaits) store.update({ notice: null });
      noticeWaits = false;
      forget([paint]);
    } else if (message.t === "no") {
      const given = outbox.refuse(message.n, message.retryMs);
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

  // The outbox's code, like the channel's, comes once the page is live; a paint before then waits.
  const outbox = outboxLater<Paint>({
    // A paint goes at once; while the channel is away, the outbox looks again this often.
    everyMs: 100,
    maxPerMessage: 1,
    limit: WALL_MESSAGE_LIMIT,
    send(n, [paint]) {
      if (!paint || state().connection !== "live" || !topic.send({ t: "paint", n, ...paint })) return false;
      requests.set(n, paint);
      return true;
    },
  });
  const saved = state().cells ? null : readSavedWall(readItem(STORAGE_KEY));
  if (saved) store.update(saved);
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
      set: (connection, retryAt) => store.update({ connection, busyUntil: retryAt ?? null }),
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
      const { mine, cooldownMs } = state();
      outbox.add({ cell, e });
      noticeWaits = false;
      store.update({ mine: new Map(mine).set(cell, e), cooldownUntil: Date.now() + cooldownMs, notice: null });
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
