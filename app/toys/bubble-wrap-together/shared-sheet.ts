import { isPopped } from "../../../contracts/bubbles";
import { buzz } from "../../kit/lib/haptics";
import { type Connection, sendsLater } from "../../kit/live/connection";
import { createLiveStore } from "../../kit/live/live-store";
import { playScream } from "../../kit/sound/scream";
import { type SheetLink, startSheetLink } from "./sheet-link";
import type { SharedSheetState } from "./sheet-state";

/**
 * The shared sheet as this page holds it: what the server last confirmed (`sheet`), the pops made
 * here that it has not confirmed yet (`mine`, shown popped at once), and the state of the
 * connection (app/kit/live/connection.ts). What talks to the server (the topic "bubbles" on the
 * page's live channel, the outbox the pops go through, the pops kept in storage until confirmed)
 * is the sheet's network half, sheet-link.ts, started in the task after the page's hydration
 * (live-store.ts); nothing can be popped before the page is live. It travels in the page's own
 * chunk: fetched apart, once the page was live, it cost a cold load a request (about 400 bytes of
 * headers) and the page a round trip before it could be live (issue 46). Every pop the page shows
 * as its own is stored by the server or given back on screen with the reason.
 */
export type { Connection };

const store = createLiveStore<SharedSheetState>(
  {
    connection: "connecting",
    busyUntil: null,
    busyReason: null,
    sheet: null,
    mine: new Set(),
    here: null,
    celebrate: null,
    seenAt: null,
    notice: null,
  },
  { start: () => start(), stop: () => stop() },
);

let link: SheetLink | null = null;

function start() {
  link = startSheetLink(store);
}

function stop() {
  link?.stop();
  link = null;
  store.reset({ ...store.initial(), sheet: store.get().sheet });
}

export const subscribeSheet = store.subscribe;
export const getSheetState = store.get;

/** Pops bubble `i` here: at once on screen, with its scream and buzz, and to the server soon. */
export function popBubble(i: number) {
  const { sheet, mine, connection } = store.get();
  if (!link || !sheet || i < 0 || i >= sheet.size || isPopped(sheet.bits, i) || mine.has(i)) return;
  if (!sendsLater(connection)) return;
  link.pop(i);
  playScream();
  buzz();
}
