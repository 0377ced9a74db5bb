import type { WebSocket } from "ws";
import { CHANNEL_MESSAGE_LIMIT, type MessageLimit, type Topic, topicFrame } from "../../contracts/live.ts";
import type { PageChannel } from "./dispatch.ts";
import { binaryMessage, type Outgoing, textMessage } from "./frames.ts";
import type { Peer } from "./peer.ts";

/** A token bucket: `burst` at once, `perSecond` after; false when empty. */
export function bucket({ burst, perSecond }: { burst: number; perSecond: number }) {
  let tokens = burst;
  let at = Date.now();
  return () => {
    const now = Date.now();
    tokens = Math.min(burst, tokens + ((now - at) / 1000) * perSecond);
    at = now;
    if (tokens < 1) return false;
    tokens--;
    return true;
  };
}

type Deliver = (ws: WebSocket, message: Outgoing, topic: string) => void;

/**
 * The page as one topic of its channel sees it (peer.ts). A class, so that a channel's peers share
 * their methods rather than each holding closures of its own (a channel is kept for as long as a
 * page is open, ten thousand of them at the caps).
 */
class ChannelPeer implements Peer {
  readonly address: string;
  readonly keys: readonly string[];
  readonly #topic: Topic;
  readonly #ws: WebSocket;
  readonly #visitor: () => string | null;
  readonly #deliver: Deliver;

  constructor(
    ws: WebSocket,
    topic: Topic,
    {
      address,
      keys,
      visitor,
      deliver,
    }: { address: string; keys: readonly string[]; visitor: () => string | null; deliver: Deliver },
  ) {
    this.address = address;
    this.keys = keys;
    this.#topic = topic;
    this.#ws = ws;
    this.#visitor = visitor;
    this.#deliver = deliver;
  }

  get visitor() {
    return this.#visitor();
  }

  send(text: string) {
    this.#deliver(this.#ws, textMessage(text), this.#topic);
  }

  sendJson(message: { t: string; [field: string]: unknown }) {
    this.#deliver(this.#ws, textMessage(JSON.stringify({ topic: this.#topic, ...message })), this.#topic);
  }

  sendBinary(payload: Uint8Array) {
    this.#deliver(this.#ws, binaryMessage(topicFrame(this.#topic, payload)), this.#topic);
  }

  sendPrepared(message: Outgoing) {
    this.#deliver(this.#ws, message, this.#topic);
  }
}

/**
 * An open channel as dispatch.ts sees it: each topic it follows sees the page as a peer of its
 * own (what the topic sends goes in its name and is counted under it, and what the page sends it
 * is limited by the topic's own bucket), and the channel has a limit of its own for all of them.
 * `closed` is a plain field, set when the channel closes (a getter on an object literal would make
 * V8 keep the object as a dictionary, about 450 bytes more for every open channel).
 */
export function createPageChannel({
  ws,
  address,
  keys,
  topics,
  limitOf,
  visitor,
  deliver,
}: {
  ws: WebSocket;
  address: string;
  keys: readonly string[];
  topics: readonly Topic[];
  /** A topic's message limit (its module's), or undefined for the channel's. */
  limitOf: (topic: Topic) => MessageLimit | undefined;
  /** The channel's visitor (channel-visitor.ts), or null while there is none the server vouches for. */
  visitor: () => string | null;
  deliver: Deliver;
}): PageChannel & { readonly closed: boolean } {
  const following = new Map<Topic, { peer: Peer; allowed: () => boolean }>(
    topics.map((topic) => [
      topic,
      {
        peer: new ChannelPeer(ws, topic, { address, keys, visitor, deliver }),
        allowed: bucket(limitOf(topic) ?? CHANNEL_MESSAGE_LIMIT),
      },
    ]),
  );
  const channel = {
    following,
    allowed: bucket(CHANNEL_MESSAGE_LIMIT),
    closed: false,
    close(code: number, reason: string) {
      if (channel.closed) return;
      channel.closed = true;
      ws.close(code, reason);
    },
  };
  ws.once("close", () => {
    channel.closed = true;
  });
  return channel;
}
