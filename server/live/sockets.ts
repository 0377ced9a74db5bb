import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import * as v from "valibot";
import { type WebSocket, WebSocketServer } from "ws";
import {
  type ByeMessage,
  CHANNEL_MESSAGE_LIMIT,
  CLOSE,
  HEARTBEAT_EVERY_MS,
  LIVE_PATH,
  MAX_MESSAGE_BYTES,
  MAX_TOPICS,
  readResume,
  type Topic,
  topicFrame,
} from "../../contracts/live.ts";
import { pathOf } from "../http.ts";
import type { FleetLimiter } from "../limiter.ts";
import { errorText, type Logger } from "../log.ts";
import type { Metrics } from "../metrics.ts";
import type { Peer } from "./peer.ts";
import type { TopicModule } from "./topic.ts";

/**
 * The live channel (contracts/live.ts): WebSocket upgrades on /api/live, each following the
 * topics it names, which are modules of their own (topic.ts): this file knows none of them. Every
 * message names its topic; a page's message goes to its topic's module, checked against the
 * module's schema for its kind and within the module's message limit.
 *
 * Before any WebSocket exists, an upgrade is refused with an HTTP status and Retry-After where
 * waiting helps: a path or topic list it does not know (each topic counts once), another site's
 * page, too many channels in all (503), from one address or, for IPv6, from one /56 (429), or
 * more upgrades from one address than a page reconnecting could make (429; with Redis, counted for
 * the whole fleet). Once open: a message that is not JSON, not a kind its topics take, or larger
 * than MAX_MESSAGE_BYTES closes the channel (1008, 1009); more than a few dozen messages a second
 * closes it too; a connection that reads too slowly to keep up (1 MB waiting) is closed with 1013
 * so it cannot hold the server's memory. Every channel hears a heartbeat the page can see, and one
 * that stops answering pings is cut off.
 */
export interface LiveOptions {
  topics: readonly TopicModule[];
  log: Logger;
  /** Who an upgrade comes from, as the limits group it (client-address.ts). */
  addressOf: (req: IncomingMessage) => string;
  /** The larger block an address belongs to (an IPv6 /56), or undefined. */
  blockOf?: (address: string) => string | undefined;
  maxConnections: number;
  maxPerAddress: number;
  /** Channels from one block (an IPv6 /56: a home or a small provider's customer). */
  maxPerBlock: number;
  /** Upgrades per address, for the whole fleet. */
  upgrades: FleetLimiter;
  metrics?: Metrics;
  heartbeatMs?: number;
}

const MAX_BUFFERED_BYTES = 1024 * 1024;

/** A token bucket: `burst` at once, `perSecond` after; false when empty. */
function bucket({ burst, perSecond }: { burst: number; perSecond: number }) {
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
/** How long pages are asked to spread their return over when the server stops. */
const COME_BACK_WITHIN_MS = 5000;

export function createLiveSockets({
  topics: modules,
  log,
  addressOf,
  blockOf = () => undefined,
  maxConnections,
  maxPerAddress,
  maxPerBlock,
  upgrades,
  metrics,
  heartbeatMs = HEARTBEAT_EVERY_MS,
}: LiveOptions) {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES, perMessageDeflate: false });
  const byTopic = new Map<Topic, TopicModule>(modules.map((module) => [module.topic, module]));
  const open = new Map<string, number>();
  /** Each open channel, and how many heartbeats in a row it left unanswered. */
  const sockets = new Map<WebSocket, { missed: number }>();
  let connections = 0;
  let stopping = false;

  function refuse(socket: Duplex, status: string, error: string, reason: string, retryAfter?: number) {
    metrics?.upgradesRefused.inc({ reason });
    const body = JSON.stringify({ error });
    const retry = retryAfter ? `Retry-After: ${retryAfter}\r\n` : "";
    socket.end(
      `HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Type: application/json\r\nCache-Control: no-store\r\n${retry}Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }

  const count = (key: string, by: number) => {
    const left = (open.get(key) ?? 0) + by;
    if (left > 0) open.set(key, left);
    else open.delete(key);
  };

  /** The server's `upgrade` event: only /api/live, within the caps, from this site's pages. */
  async function upgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
    socket.on("error", () => {});
    const target = req.url ?? "";
    if (pathOf(target) !== LIVE_PATH) {
      return refuse(socket, "404 Not Found", "There is no such channel.", "path");
    }
    const query = new URLSearchParams(target.slice(target.indexOf("?") + 1));
    const named = (query.get("topics") ?? "").split(",");
    const topics = [...new Set(named)];
    if (named.length > Math.min(MAX_TOPICS, byTopic.size) || !topics.every((t) => byTopic.has(t))) {
      return refuse(
        socket,
        "400 Bad Request",
        `Name the topics to follow, each once: ${[...byTopic.keys()].join(", ")}.`,
        "topics",
      );
    }
    // A page of another site may not open this site's channel in its visitors' browsers.
    const origin = req.headers.origin;
    if (origin !== undefined && !sameHost(origin, req.headers.host)) {
      return refuse(socket, "403 Forbidden", "This channel is for the site's own pages.", "origin");
    }
    if (stopping) return refuse(socket, "503 Service Unavailable", "The server is restarting.", "stopping", 5);
    const address = addressOf(req);
    const block = blockOf(address);
    if (connections >= maxConnections) {
      return refuse(socket, "503 Service Unavailable", "Too many visitors at once. Try again in a moment.", "full", 10);
    }
    if ((open.get(address) ?? 0) >= maxPerAddress || (block && (open.get(block) ?? 0) >= maxPerBlock)) {
      return refuse(socket, "429 Too Many Requests", "Too many open channels from one place.", "per-address", 10);
    }
    // Counted from now until the socket closes, upgraded or not.
    connections++;
    count(address, 1);
    if (block) count(block, 1);
    socket.once("close", () => {
      connections--;
      count(address, -1);
      if (block) count(block, -1);
    });
    const waitMs = await upgrades.take(address);
    if (waitMs > 0) {
      const seconds = Number.isFinite(waitMs) ? Math.ceil(waitMs / 1000) : 60;
      return refuse(socket, "429 Too Many Requests", "Too many new channels from one place.", "rate", seconds);
    }
    if (socket.destroyed) return;
    const resume = readResume(query.get("resume"));
    wss.handleUpgrade(req, socket, head, (ws) => connected(ws, address, topics, resume));
  }

  function connected(ws: WebSocket, address: string, topics: readonly Topic[], resume: Map<Topic, string>) {
    const health = { missed: 0 };
    sockets.set(ws, health);
    metrics?.channels.set(sockets.size);
    const allowed = bucket(CHANNEL_MESSAGE_LIMIT);
    const send = (data: string | Uint8Array, topic: string) => {
      if (ws.readyState !== ws.OPEN) return;
      if (ws.bufferedAmount > MAX_BUFFERED_BYTES) {
        metrics?.channelsClosed.inc({ reason: "slow-reader" });
        ws.close(CLOSE.tryLater, "Reading too slowly");
        return;
      }
      metrics?.messagesOut.inc({ topic });
      ws.send(data);
    };
    /**
     * Each topic sees the page as a peer of its own: what it sends goes in its name and is counted
     * under it, and what the page sends it is limited by its own bucket.
     */
    const peers = new Map<Topic, { peer: Peer; allowed: () => boolean }>(
      topics.map((topic) => {
        const peer: Peer = {
          address,
          send: (text) => send(text, topic),
          sendJson: (message) => send(JSON.stringify({ topic, ...message }), topic),
          sendBinary: (payload) => send(topicFrame(topic, payload), topic),
        };
        const limit = byTopic.get(topic)?.messageLimit ?? CHANNEL_MESSAGE_LIMIT;
        return [topic, { peer, allowed: bucket(limit) }];
      }),
    );
    const malformed = (reason: string) => {
      metrics?.channelsClosed.inc({ reason: "malformed" });
      ws.close(CLOSE.malformed, reason);
    };

    ws.on("pong", () => {
      health.missed = 0;
    });
    ws.on("message", (data, isBinary) => {
      if (!allowed()) return malformed("Too many messages");
      if (isBinary) return malformed("Text messages only");
      let parsed: unknown;
      try {
        parsed = JSON.parse(data.toString());
      } catch {
        return malformed("Not JSON");
      }
      if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
        return malformed("Not a message this channel knows");
      }
      const { topic, ...message } = parsed as { topic?: unknown; t?: unknown };
      const following = typeof topic === "string" ? peers.get(topic) : undefined;
      if (!following) return malformed("Not a topic this channel follows");
      const module = byTopic.get(topic as Topic) as TopicModule;
      const schema = typeof message.t === "string" ? module.messages?.[message.t] : undefined;
      if (!schema) return malformed("Not a message this topic knows");
      if (!following.allowed()) return malformed("Too many messages on one topic");
      const checked = v.safeParse(schema, message);
      if (!checked.success) return malformed("Not a message this topic knows");
      metrics?.messagesIn.inc({ topic: module.topic });
      try {
        module.handle?.(following.peer, checked.output);
      } catch (error) {
        log.error("live message failed", { topic: module.topic, error: errorText(error) });
      }
    });
    ws.on("close", () => {
      sockets.delete(ws);
      metrics?.channels.set(sockets.size);
      for (const [topic, { peer }] of peers) byTopic.get(topic)?.leave(peer);
    });
    ws.on("error", () => {});
    for (const [topic, { peer }] of peers) byTopic.get(topic)?.join(peer, resume.get(topic));
  }

  // Every channel hears a heartbeat it can see (a quiet topic is not a dead line), and is pinged;
  // one that left two pings unanswered (a phone gone into a tunnel) is cut off.
  const heartbeat = setInterval(() => {
    for (const [ws, health] of sockets) {
      if (health.missed >= 2) {
        metrics?.channelsClosed.inc({ reason: "no-pong" });
        ws.terminate();
        continue;
      }
      health.missed++;
      ws.ping();
      if (ws.bufferedAmount <= MAX_BUFFERED_BYTES) {
        metrics?.messagesOut.inc({ topic: "channel" });
        ws.send('{"t":"hb"}');
      }
    }
  }, heartbeatMs);
  heartbeat.unref();

  return {
    upgrade: (req: IncomingMessage, socket: Duplex, head: Buffer) => {
      upgrade(req, socket, head).catch((error: unknown) => {
        log.error("upgrade failed", { error: errorText(error) });
        socket.destroy();
      });
    },
    /** How many channels are open now. */
    get connections() {
      return connections;
    },
    /**
     * Closes every channel: each page is told to come back within a few seconds, at a moment of
     * its own (1001), so a restart is not followed by every page at once.
     */
    close() {
      stopping = true;
      clearInterval(heartbeat);
      const bye = JSON.stringify({
        t: "bye",
        retryMs: COME_BACK_WITHIN_MS,
        reason: "The server is restarting.",
      } satisfies ByeMessage);
      for (const ws of sockets.keys()) {
        if (ws.bufferedAmount <= MAX_BUFFERED_BYTES) ws.send(bye);
        ws.close(CLOSE.goingAway, "Server stopping");
      }
      // A client that does not answer the close in a second is cut off.
      setTimeout(() => {
        for (const ws of sockets.keys()) ws.terminate();
      }, 1000).unref();
    },
  };
}

function sameHost(origin: string, host: string | undefined) {
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

export type LiveSockets = ReturnType<typeof createLiveSockets>;
