import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { type WebSocket, WebSocketServer } from "ws";
import {
  type ByeMessage,
  CLOSE,
  HEARTBEAT_EVERY_MS,
  LIVE_PATH,
  MAX_MESSAGE_BYTES,
  MAX_TOPICS,
  readResume,
  type Topic,
} from "../../contracts/live.ts";
import { pathOf } from "../http/http.ts";
import type { FleetLimiter } from "../ops/limiter.ts";
import { errorText, type Logger } from "../ops/log.ts";
import type { Metrics } from "../ops/metrics.ts";
import { createChannelVisitor } from "./channel-visitor.ts";
import { createDelivery } from "./delivery.ts";
import { createDispatch } from "./dispatch.ts";
import { textMessage } from "./frames.ts";
import { HEARTBEAT_SLICES, type Health, startHeartbeat } from "./heartbeat.ts";
import { createPageChannel } from "./page-channel.ts";
import { createRefusals } from "./refusals.ts";
import type { TopicModule } from "./topic.ts";
import type { VisitorTokens } from "./visitor.ts";

/**
 * The live channel (contracts/live.ts): WebSocket upgrades on /api/live, each following the
 * topics it names, which are modules of their own (topic.ts): this file knows none of them. What a
 * page sends goes through dispatch.ts, the one place that reads it and the one fault boundary.
 *
 * An upgrade that is not for this channel is refused with an HTTP status before any WebSocket
 * exists: a path or topic list it does not know (404, 400), another site's page (403). An upgrade
 * the server cannot take NOW (too many channels in all, from one address or IPv6 /56, or from one
 * visitor; more new channels from one address than a school reconnecting would make; the server
 * stopping) is accepted only to be told so: `{"t":"busy","retryMs","reason"}`, then a close with
 * 4429 (CLOSE.busy), which a page can read, where an HTTP refusal of an upgrade reaches the page
 * only as "the connection failed" and would be taken for a network that blocks WebSockets. Past a
 * ceiling of such refusals at once, it is an HTTP 503 again (a flood gets nothing it can hold).
 *
 * Each channel is a visitor the server vouches for (visitor.ts), decided per channel in
 * channel-visitor.ts: the token the page names, or a new one; until then its messages wait.
 *
 * Once open: a message that is not JSON, not a kind its topics take, or larger than
 * MAX_MESSAGE_BYTES closes the channel (1008, 1009); more than the channel's or its topic's message
 * limit closes it too; a fault of the server's own closes it with 1011; a connection that reads
 * too slowly to keep up (1 MB waiting) is closed with 1013 so it cannot hold the server's memory.
 * Every channel hears a heartbeat the page can see, and one that stops answering pings is cut off.
 */
export interface LiveOptions {
  topics: readonly TopicModule[];
  log: Logger;
  /** Who an upgrade comes from, as the limits group it (client-address.ts clientAddress). */
  addressOf: (req: IncomingMessage) => string;
  /** The keys an address is counted under (client-address.ts limitKeys: the address, its /56). */
  keysOf: (address: string) => readonly string[];
  maxConnections: number;
  maxPerAddress: number;
  /** Channels from one block (an IPv6 /56: a home or a small provider's customer). */
  maxPerBlock: number;
  /** Channels one visitor token may have open at once (a person's tabs); past it, a new token. */
  maxPerVisitor: number;
  /** Upgrades per address (and /56), for the whole fleet. */
  upgrades: FleetLimiter;
  visitors: VisitorTokens;
  metrics?: Metrics;
  heartbeatMs?: number;
  /** Told of an upgrade refused as another site's page (a proxy that rewrote Host may be why). */
  onOriginRefused?: (origin: string, host: string | undefined) => void;
}

/** How long pages are asked to spread their return over when the server stops. */
const COME_BACK_WITHIN_MS = 5000;

export function createLiveSockets({
  topics: modules,
  log,
  addressOf,
  keysOf,
  maxConnections,
  maxPerAddress,
  maxPerBlock,
  maxPerVisitor,
  upgrades,
  visitors,
  metrics,
  heartbeatMs = HEARTBEAT_EVERY_MS,
  onOriginRefused,
}: LiveOptions) {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES, perMessageDeflate: false });
  const dispatch = createDispatch(modules, { log, metrics });
  const { deliver, offer } = createDelivery(metrics);
  /** Channels open per key: an address, a /56, a visitor. */
  const open = new Map<string, number>();
  /** Each open channel, how many heartbeats in a row it left unanswered, and its heartbeat's slice. */
  const sockets = new Map<WebSocket, Health>();
  let joined = 0;
  let connections = 0;
  let stopping = false;
  const { refused, refuseHttp, refuseBusy, stop: stopRefusals } = createRefusals({ wss, log, metrics });

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
      return refuseHttp(socket, "404 Not Found", "There is no such channel.", "path");
    }
    const query = new URLSearchParams(target.slice(target.indexOf("?") + 1));
    const named = (query.get("topics") ?? "").split(",");
    const topics = [...new Set(named)];
    if (named.length > Math.min(MAX_TOPICS, dispatch.names().length) || !topics.every((t) => dispatch.has(t))) {
      return refuseHttp(
        socket,
        "400 Bad Request",
        `Name the topics to follow, each once: ${dispatch.names().join(", ")}.`,
        "topics",
      );
    }
    // A page of another site may not open this site's channel in its visitors' browsers.
    const origin = req.headers.origin;
    if (origin !== undefined && !sameHost(origin, req.headers.host)) {
      onOriginRefused?.(origin, req.headers.host);
      return refuseHttp(socket, "403 Forbidden", "This channel is for the site's own pages.", "origin");
    }
    // Each page its own moment within the window, as the goodbye spreads them: a page waits at
    // least what it is told, and pages told at once must not all come back at once.
    const restarting = () =>
      refuseBusy(
        req,
        socket,
        head,
        "stopping",
        "The server is restarting. Back in a few seconds.",
        Math.round(1000 + Math.random() * (COME_BACK_WITHIN_MS - 1000)),
      );
    if (stopping) return restarting();
    const address = addressOf(req);
    const keys = keysOf(address);
    if (connections >= maxConnections) {
      return refuseBusy(req, socket, head, "full", "The site is very busy right now.", 10_000);
    }
    const [own, block] = keys;
    if ((open.get(own ?? address) ?? 0) >= maxPerAddress || (block && (open.get(block) ?? 0) >= maxPerBlock)) {
      return refuseBusy(req, socket, head, "per-address", "Very many people share this network right now.", 10_000);
    }
    // Counted from now until the socket closes, upgraded or not.
    connections++;
    for (const key of keys) count(key, 1);
    socket.once("close", () => {
      connections--;
      for (const key of keys) count(key, -1);
    });
    let waitMs = 0;
    for (const key of keys) waitMs = Math.max(waitMs, await upgrades.take(key));
    if (socket.destroyed) return;
    if (waitMs > 0) {
      const retryMs = Number.isFinite(waitMs) ? Math.ceil(waitMs) : 60_000;
      return refuseBusy(req, socket, head, "rate", "Very many pages opened from this network just now.", retryMs);
    }
    // The stop began while the limit was asked: the topics may be stopping already.
    if (stopping) return restarting();
    const resume = readResume(query.get("resume"));
    const token = query.get("visitor");
    wss.handleUpgrade(req, socket, head, (ws) => connected(ws, { address, keys, topics, resume, token }));
  }

  function connected(
    ws: WebSocket,
    {
      address,
      keys,
      topics,
      resume,
      token,
    }: {
      address: string;
      keys: readonly string[];
      topics: readonly Topic[];
      resume: Map<Topic, string>;
      token: string | null;
    },
  ) {
    const health = { missed: 0, slice: joined++ % HEARTBEAT_SLICES };
    sockets.set(ws, health);
    metrics?.channels.set(sockets.size);
    const channel = createPageChannel({
      ws,
      address,
      keys,
      topics,
      limitOf: (topic) => dispatch.module(topic)?.messageLimit,
      visitor: () => identity.id,
      deliver,
    });
    const identity = createChannelVisitor({
      channel,
      keys,
      visitors,
      maxPerVisitor,
      openUnder: (key) => open.get(key) ?? 0,
      count,
      sendToken: (message) => deliver(ws, textMessage(JSON.stringify(message)), "channel"),
      dispatch: (data, isBinary) => dispatch.message(channel, data, isBinary),
      refused,
      isOpen: () => !channel.closed && ws.readyState === ws.OPEN,
      log,
    });

    ws.on("pong", () => {
      health.missed = 0;
    });
    ws.on("message", (data, isBinary) => identity.receive(data, isBinary));
    ws.on("close", () => {
      identity.closed();
      sockets.delete(ws);
      metrics?.channels.set(sockets.size);
      for (const [topic, { peer }] of channel.following) {
        dispatch.guarded(channel, "leave", topic, () => dispatch.module(topic)?.leave(peer));
      }
    });
    ws.on("error", () => {});
    for (const [topic, { peer }] of channel.following) {
      dispatch.guarded(channel, "join", topic, () => dispatch.module(topic)?.join(peer, resume.get(topic)));
    }
    void identity.identify(token);
  }

  const stopHeartbeat = startHeartbeat({ sockets, everyMs: heartbeatMs, offer, metrics });

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
     * The stop's first step: no new channel from now on (one whose limit check ends later is told
     * the server is restarting too). Open channels stay, so the topics' last answers reach them.
     */
    stopAccepting() {
      stopping = true;
      stopRefusals();
    },
    /**
     * Closes every channel: each page is told to come back within a few seconds, at a moment of
     * its own (1001), so a restart is not followed by every page at once.
     */
    close() {
      stopping = true;
      stopHeartbeat();
      stopRefusals();
      const bye = textMessage(
        JSON.stringify({
          t: "bye",
          retryMs: COME_BACK_WITHIN_MS,
          reason: "The server is restarting.",
        } satisfies ByeMessage),
      );
      for (const ws of sockets.keys()) {
        offer(ws, bye, "channel");
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
