/**
 * The live channel between the page and the site's server: one WebSocket on the site's own origin
 * (docs/decisions/0003-live-transport.md). The page names the topics it wants; the server sends
 * what changes on them. Both sides import this file; it imports nothing.
 */

export const LIVE_PATH = "/api/live";

/** What a page may follow. */
export type Topic = "bubbles" | "clicks";
export const TOPICS: readonly Topic[] = ["bubbles", "clicks"];

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

/** The server says something changed on every channel every few seconds, so a silent one is dead. */
export const TICK_EVERY_MS = 5000;

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

export type ServerMessage = TickMessage | PopsMessage | DoneMessage | ClicksMessage | OkMessage | NoMessage;

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
