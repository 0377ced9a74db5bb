import * as v from "valibot";
import { MAX_MESSAGE_BYTES } from "../../contracts/live.ts";
import type { Frame } from "./protocol-arbitraries.ts";
import type { SharedProtocol } from "./shared-topics.ts";

/**
 * What the live channel must do with each frame a fuzzer sends, worked out apart from the server's
 * code: close the channel, with which code and reason (the channel's rules, contracts/live.ts and
 * server/live/dispatch.ts's documented order, over the topics' own schemas), or take the message.
 * What a message taken must be answered is live-answers.ts's. A server that closed a channel for
 * the wrong reason, or for a message it must take, fails here.
 */

export interface Close {
  code: number;
  reason: string;
}

/** The end of every run: a frame that is not JSON. */
export const NOT_JSON: Close = { code: 1008, reason: "Not JSON" };

/** A message the channel takes: its topic, kind and fields (as the page sent them). */
export interface Taken {
  topic: string;
  t: string;
  n?: number;
  [field: string]: unknown;
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * How the channel deals with `frame` on a channel following `following`: the close it makes, or
 * the message it takes. In the order the channel checks: the size (1009, no reason), a binary
 * frame, a text frame that is not UTF-8 (1007, no reason), then JSON, an object, a topic followed,
 * a kind of that topic, and the kind's schema (1008, each with its reason).
 */
export function channelVerdict(
  protocol: SharedProtocol,
  following: ReadonlySet<string>,
  frame: Frame,
): { close: Close } | { taken: Taken } {
  const bytes = typeof frame === "string" ? Buffer.from(frame) : Buffer.from(frame.bytes);
  const binary = typeof frame !== "string" && frame.binary;
  if (bytes.length > MAX_MESSAGE_BYTES) return { close: { code: 1009, reason: "" } };
  if (binary) return { close: { code: 1008, reason: "Text messages only" } };
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    return { close: { code: 1007, reason: "" } };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { close: NOT_JSON };
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    return { close: { code: 1008, reason: "Not a message this channel knows" } };
  }
  const { topic, ...message } = parsed as { topic?: unknown; t?: unknown };
  const known = protocol.topics.find((entry) => entry.topic === topic);
  if (typeof topic !== "string" || !following.has(topic) || !known) {
    return { close: { code: 1008, reason: "Not a topic this channel follows" } };
  }
  const schema = new Map(known.kinds).get(typeof message.t === "string" ? message.t : "");
  if (!schema || !v.safeParse(schema, message).success) {
    return { close: { code: 1008, reason: "Not a message this topic knows" } };
  }
  return { taken: { ...(message as { t: string }), topic } };
}
