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

/** Close codes the server uses (1000-range codes are the protocol's own). */
export const CLOSE = {
  /** The message was not one the server understands: do not send it again. */
  malformed: 1008,
  tooLarge: 1009,
  /** The server is stopping, or this page reads too slowly: come back later. */
  goingAway: 1001,
  tryLater: 1013,
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
