/**
 * The live channel between the page and the site's server: one WebSocket on the site's own origin
 * (docs/decisions/0003-live-transport.md) that carries any number of topics, in the shape of
 * Phoenix Channels. This file is the envelope only: how a topic is named, joined and resumed, how
 * a message says its topic, how a request is answered (ok / no), the close codes and the
 * heartbeat. What a topic carries is its toy's own contract (contracts/bubbles.ts, polls.ts ...).
 * Both sides import this file; it imports nothing.
 */

export const LIVE_PATH = "/api/live";

/** A topic's name: a shared toy's (each toy's contract exports its own). */
export type Topic = string;
export const TOPIC_PATTERN = /^[a-z][a-z0-9-]{0,31}$/;
/** The most topics one channel follows. */
export const MAX_TOPICS = 8;

/**
 * Where a page left off on a topic, as the server gave it ("epoch.seq": the server process's id and
 * the last message number seen). Anything else is ignored: the page gets the topic's whole state.
 */
export const RESUME_PATTERN = /^\d{1,10}\.\d{1,15}$/;

/**
 * The channel's address: the topics to follow, and where the page left off on each it was
 * following before (`resume`: topic to token), if anywhere.
 */
export function liveUrl(topics: readonly Topic[], resume: Readonly<Record<Topic, string | undefined>> = {}): string {
  const query = new URLSearchParams({ topics: topics.join(",") });
  const tokens = topics.flatMap((topic) => (resume[topic] ? [`${topic}:${resume[topic]}`] : []));
  if (tokens.length > 0) query.set("resume", tokens.join(","));
  return `${LIVE_PATH}?${query}`;
}

/** The subprotocol the server answers with: a page's WebSocket fails unless one it offered is chosen. */
export const LIVE_PROTOCOL = "pointless";
export const VISITOR_PROTOCOL_PREFIX = "visitor.";

/**
 * The subprotocols a page offers when it opens the channel: the channel's own, and its visitor
 * token when it has one. The token travels in the Sec-WebSocket-Protocol header, never in the URL,
 * so no proxy's access log holds it (nginx writes the request line down by default).
 */
export function liveProtocols(visitor?: string | null): string[] {
  return visitor && VISITOR_TOKEN_PATTERN.test(visitor)
    ? [LIVE_PROTOCOL, `${VISITOR_PROTOCOL_PREFIX}${visitor}`]
    : [LIVE_PROTOCOL];
}

/** The resume tokens of a channel's address, by topic; what is not in the right form is left out. */
export function readResume(value: string | null): Map<Topic, string> {
  const tokens = new Map<Topic, string>();
  for (const part of (value ?? "").split(",").slice(0, MAX_TOPICS)) {
    const [topic = "", token = ""] = part.split(":");
    if (TOPIC_PATTERN.test(topic) && RESUME_PATTERN.test(token)) tokens.set(topic, token);
  }
  return tokens;
}

/** A message larger than this is refused: the connection is closed with 1009. */
export const MAX_MESSAGE_BYTES = 2048;

/**
 * How many messages a page may send: `burst` at once, then `perSecond`. The channel has one for
 * all its topics (CHANNEL_MESSAGE_LIMIT), and each topic may have a tighter one of its own, in its
 * contract (contracts/wall.ts WALL_MESSAGE_LIMIT ...): the server closes a channel past either
 * (1008), and the page's outbox paces itself by the same numbers, so an honest page never trips it.
 */
export interface MessageLimit {
  burst: number;
  perSecond: number;
}
export const CHANNEL_MESSAGE_LIMIT: MessageLimit = { burst: 40, perSecond: 25 };

/**
 * The visitor token (server/live/visitor.ts): who the server vouches a page is, signed by the
 * server, kept by the page in storage and named when it opens the channel (`visitor=` in
 * liveUrl). A page without one, or with one the server does not take (forged, expired, or
 * replayed past its limits), is sent a new one on the channel (VisitorMessage) as soon as the
 * server may mint one for its address; its writes are counted under that token. The page treats
 * it as an opaque string of this form.
 */
export const VISITOR_TOKEN_PATTERN = /^[A-Za-z0-9_.-]{16,200}$/;

/** Close codes the server uses (1000-range codes are the protocol's own, 4000-range the engine's). */
export const CLOSE = {
  /** The message was not one the server understands: do not send it again. */
  malformed: 1008,
  tooLarge: 1009,
  /** The server is stopping, or this page reads too slowly: come back later. */
  goingAway: 1001,
  tryLater: 1013,
  /** The server failed on a message (its fault, logged and counted): come back, as after 1001. */
  fault: 1011,
  /**
   * The server cannot take this channel now (full, too many channels from one place, restarting):
   * it opened the channel only to say so. A BusyMessage comes first with when to try again; the
   * page says the site is busy (never that its network is broken) and keeps what the visitor did.
   */
  busy: 4429,
} as const;

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

// Server -> page. A topic's messages are JSON objects that name their topic; a topic may also send
// binary frames (a whole bubble sheet), each prefixed by its topic's name (topicFrame below). The
// channel's own messages (heartbeat, goodbye) name no topic.

/** A message on a topic: its kind (`t`), the topic, and the kind's fields. */
export interface TopicMessage {
  topic: Topic;
  t: string;
}

/** The answer to a page's request `n` on a topic: done, or refused with a reason in words. */
export interface OkMessage extends TopicMessage {
  t: "ok";
  n: number;
}
export interface NoMessage extends TopicMessage {
  t: "no";
  n: number;
  error: string;
  /** Set when the page may try again after this many milliseconds (too fast, store away). */
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

/**
 * Sent just before a close with CLOSE.busy: why, in words for the visitor, and how long to wait
 * before the next try (the page waits that long, with a little jitter of its own).
 */
export interface BusyMessage {
  t: "busy";
  retryMs: number;
  reason: string;
}

/**
 * The server took the channel and has joined it to its topics (each topic's state, when it has
 * one, came first): the page is live from here, never on the socket's opening alone, which a
 * server too busy to take it opens too, to say so.
 */
export interface JoinedMessage {
  t: "joined";
}

/** The visitor token the page is to keep and name from now on (a new one, or a renewed one). */
export interface VisitorMessage {
  t: "visitor";
  token: string;
}

// Page -> server: a topic's messages, `{ topic, t, n?, ... }`, with `n` numbering a request that
// wants an answer.

/**
 * A binary frame for `topic`: one byte of the name's length, the name, then the payload. The page's
 * channel hands the payload to the topic.
 */
export function topicFrame(topic: Topic, payload: Uint8Array): Uint8Array {
  const name = new TextEncoder().encode(topic);
  const frame = new Uint8Array(1 + name.length + payload.length);
  frame[0] = name.length;
  frame.set(name, 1);
  frame.set(payload, 1 + name.length);
  return frame;
}

/** A binary frame's topic and payload, or null when it is not one. */
export function readTopicFrame(data: ArrayBuffer | Uint8Array): { topic: Topic; payload: Uint8Array } | null {
  const bytes = data instanceof Uint8Array ? data : new Uint8Array(data);
  const length = bytes[0] ?? 0;
  if (length === 0 || bytes.length < 1 + length) return null;
  const topic = new TextDecoder().decode(bytes.subarray(1, 1 + length));
  return TOPIC_PATTERN.test(topic) ? { topic, payload: bytes.subarray(1 + length) } : null;
}
