import { DEFAULT_COOLDOWN_S, isCell, isEmoji } from "../../../contracts/wall";
import { type Connection, sendsLater } from "../../kit/live/connection";
import { createLiveStore } from "../../kit/live/live-store";
import { startWallLink, type WallLink } from "./wall-link";
import type { SharedWallState } from "./wall-state";

/**
 * The shared wall as this page holds it: the cells as the server last sent them (`cells`, null
 * until there is a wall to show), this page's paints the server has not confirmed yet (`mine`,
 * shown at once), the cooldown, and the state of the connection (app/kit/live/connection.ts).
 * What talks to the server (the topic "wall" on the page's live channel, the outbox the paints go
 * through, the wall kept in storage) is the wall's network half, wall-link.ts, started in the task
 * after the page's hydration (live-store.ts). It travels in the page's own chunk: fetched apart,
 * once the page was live, it cost a cold load a request (about 400 bytes of headers) and the page
 * a round trip before it could be live (issue 46). Without the channel, the page shows the last
 * wall this browser saw with a plain word about why it cannot paint, and never a cell nobody
 * painted. A paint the page shows as its own is stored by the server or given back on screen with
 * the reason.
 */
export type { Connection };

const store = createLiveStore<SharedWallState>(
  {
    connection: "connecting",
    busyUntil: null,
    busyReason: null,
    cells: null,
    mine: new Map(),
    cooldownUntil: null,
    cooldownMs: DEFAULT_COOLDOWN_S * 1000,
    seenAt: null,
    notice: null,
  },
  { start: () => start(), stop: () => stop() },
);

let link: WallLink | null = null;

function start() {
  link = startWallLink(store);
}

function stop() {
  link?.stop();
  link = null;
  // The wall shown and the server's cooldown stay for the page's next visit in this tab (a channel
  // that resumes says neither again); the rest starts again.
  const { cells, seenAt, cooldownMs, cooldownUntil } = store.get();
  store.reset({ ...store.initial(), cells, seenAt, cooldownMs, cooldownUntil });
}

export const subscribeWall = store.subscribe;
export const getWallState = store.get;

/** What pressing a cell did: painted it, or nothing because of the cooldown or the connection. */
export type PaintResult = { painted: true; cooldownMs: number } | { painted: false; waitMs: number };

/** Paints `cell` with palette emoji `e` here: at once on screen, and to the server now or when it is back. */
export function paintCell(cell: number, e: number): PaintResult {
  const { cells, connection, cooldownUntil, cooldownMs } = store.get();
  const now = Date.now();
  if (cooldownUntil !== null && cooldownUntil > now) return { painted: false, waitMs: cooldownUntil - now };
  if (!link || !cells || !isCell(cell) || !isEmoji(e) || !sendsLater(connection)) {
    return { painted: false, waitMs: 0 };
  }
  link.paint(cell, e);
  return { painted: true, cooldownMs };
}
