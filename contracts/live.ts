/**
 * The live channel between the page and the site's server: one WebSocket on the site's own origin
 * (docs/decisions/0003-live-transport.md). The page names the topics it wants; the server sends
 * what changes on them. Both sides import this file; it imports nothing.
 */

export const LIVE_PATH = "/api/live";

/** What a page may follow. */
export type Topic = "bubbles" | "clicks";
export const TOPICS: readonly Topic[] = ["bubbles", "clicks"];

/**
 * Where a page left off, as the server gave it ("epoch.seq": the server process's id and the last
 * message number seen). Anything else is ignored: the page gets the whole state.
 */
export const RESUME_PATTERN = /^\d{1,10}\.\d{1,15}$/;

/** The channel's address: `topics` to follow, and where a page left off (`resume`), if anywhere. */
export function liveUrl(topics: readonly Topic[], resume?: string): string {
  const query = new URLSearchParams({ topics: topics.join(",") });
  if (resume) query.set("since", resume);
  return `${LIVE_PATH}?${query}`;
}

/** A message larger than this is refused: the connection is closed with 1009. */
export const MAX_MESSAGE_BYTES = 2048;

/** Close codes the server uses (1000-range codes are the protocol's own). */
export const CLOSE = {
  /** The message was not one the server understands: do not send it again. */
  malformed: 1008,
  tooLarge: 1009,
  /** The server is stopping, or this page reads too slowly: come back later. */
  goingAway: 1001,
  tryLater: 1013,
} as const;

/** The bubble sheet's counts every few seconds (its page checks its sheet against them). */
export const TICK_EVERY_MS = 5000;

/**
 * The server says `{"t":"hb"}` on every channel this often, whatever its topics, so a page can tell
 * a quiet topic from a dead line: a channel silent for SILENT_AFTER_MS is dead.
 */
export const HEARTBEAT_EVERY_MS = 10_000;
export const SILENT_AFTER_MS = 25_000;

/**
 * A channel open this long without trouble has proven itself: only then does the page's count of
 * failures start again from nothing (one closed right after opening is still a failure).
 */
export const HEALTHY_AFTER_MS = 10_000;

// Server -> page. The sheet itself is a binary message (bubbles.ts); everything else is JSON text.

/** A few times a minute: the counts, and who is here, so the page can check its sheet. */
export interface TickMessage {
  t: "tick";
  sheet: number;
  seq: number;
  popped: number;
  finished: number;
  here: number;
}

/** Bubbles popped since the last message, on `sheet`. */
export interface PopsMessage {
  t: "pops";
  sheet: number;
  seq: number;
  i: number[];
}

/** The last bubble of `sheet` popped: a fresh sheet for everyone (an empty one, numbered next). */
export interface DoneMessage {
  t: "done";
  sheet: number;
  seq: number;
  finished: number;
}

/** The global click total (the Useless Button), when it changes. */
export interface ClicksMessage {
  t: "clicks";
  total: number;
}

/** The answer to a page's message `n`: done, or refused with a reason in words. */
export interface OkMessage {
  t: "ok";
  n: number;
}
export interface NoMessage {
  t: "no";
  n: number;
  error: string;
  /** Set when the page may try again after this many milliseconds (too many pops at once). */
  retryMs?: number;
}

/** The server is here (every HEARTBEAT_EVERY_MS on every channel). */
export interface HeartbeatMessage {
  t: "hb";
}

/**
 * The server is about to close this channel (it is stopping): come back, but not at once, and not
 * all at the same moment; a page waits a random time up to `retryMs` before it tries again.
 */
export interface ByeMessage {
  t: "bye";
  retryMs: number;
  reason: string;
}

export type ServerMessage =
  | TickMessage
  | PopsMessage
  | DoneMessage
  | ClicksMessage
  | OkMessage
  | NoMessage
  | HeartbeatMessage
  | ByeMessage;

// Page -> server.

/** Pops bubbles `i` (0-based) of `sheet`; `n` numbers the message, so the answer can be matched. */
export interface PopRequest {
  t: "pop";
  n: number;
  sheet: number;
  i: number[];
}

/** Asks for the whole sheet again (the page found a gap in the sequence). */
export interface SyncRequest {
  t: "sync";
}

export type ClientMessage = PopRequest | SyncRequest;
