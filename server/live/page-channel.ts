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

/**
 * An open channel as dispatch.ts sees it: each topic it follows sees the page as a peer of its
 * own (what the topic sends goes in its name and is counted under it, and what the page sends it
 * is limited by the topic's own bucket), and the channel has a limit of its own for all of them.
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
  deliver: (ws: WebSocket, message: Outgoing, topic: string) => void;
}): PageChannel & { readonly closed: boolean } {
  const following = new Map<Topic, { peer: Peer; allowed: () => boolean }>(
    topics.map((topic) => {
      const peer: Peer = {
        address,
        keys,
        get visitor() {
          return visitor();
        },
        send: (text) => deliver(ws, textMessage(text), topic),
        sendJson: (message) => deliver(ws, textMessage(JSON.stringify({ topic, ...message })), topic),
        sendBinary: (payload) => deliver(ws, binaryMessage(topicFrame(topic, payload)), topic),
        sendPrepared: (message) => deliver(ws, message, topic),
      };
      return [topic, { peer, allowed: bucket(limitOf(topic) ?? CHANNEL_MESSAGE_LIMIT) }];
    }),
  );
  let closed = false;
  ws.once("close", () => {
    closed = true;
  });
  return {
    following,
    allowed: bucket(CHANNEL_MESSAGE_LIMIT),
    get closed() {
      return closed;
    },
    close(code, reason) {
      if (closed) return;
      closed = true;
      ws.close(code, reason);
    },
  };
}
