import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
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
  type VisitorMessage,
} from "../../contracts/live.ts";
import { pathOf } from "../http.ts";
import type { FleetLimiter } from "../limiter.ts";
import { errorText, type Logger } from "../log.ts";
import type { Metrics } from "../metrics.ts";
import { createDelivery } from "./delivery.ts";
import { createDispatch, type PageChannel } from "./dispatch.ts";
import { binaryMessage, textMessage } from "./frames.ts";
import { HEARTBEAT_SLICES, type Health, startHeartbeat } from "./heartbeat.ts";
import type { Peer } from "./peer.ts";
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
 * Each channel is a visitor the server vouches for (visitor.ts): the token the page names, when it
 * is ours and not open on too many channels at once, else a new one minted for it (at the mint's
 * limit per address and /56) and sent as `{"t":"visitor","token"}`. Until the channel has one, its
 * messages wait (a few); while the mint is refused, each request (a message with a number `n`) is
 * answered `no` with when to try again, by the channel, never by a topic.
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

/** Messages a channel keeps while the server decides who its visitor is. */
const MAX_WAITING_MESSAGES = 16;

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

const visitorKey = (id: string) => `visitor ${id}`;

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
    /** Who this channel is: unknown yet (undefined), not vouched for now (null), or a visitor's id. */
    let visitor: string | null | undefined;
    let visitorRetryAt = 0;
    /**
     * Each topic sees the page as a peer of its own: what it sends goes in its name and is counted
     * under it, and what the page sends it is limited by its own bucket.
     */
    const following = new Map<Topic, { peer: Peer; allowed: () => boolean }>(
      topics.map((topic) => {
        const peer: Peer = {
          address,
          keys,
          get visitor() {
            return visitor ?? null;
          },
          send: (text) => deliver(ws, textMessage(text), topic),
          sendJson: (message) => deliver(ws, textMessage(JSON.stringify({ topic, ...message })), topic),
          sendBinary: (payload) => deliver(ws, binaryMessage(topicFrame(topic, payload)), topic),
          sendPrepared: (message) => deliver(ws, message, topic),
        };
        const limit = dispatch.module(topic)?.messageLimit ?? CHANNEL_MESSAGE_LIMIT;
        return [topic, { peer, allowed: bucket(limit) }];
      }),
    );
    let closed = false;
    const channel: PageChannel = {
      following,
      allowed: bucket(CHANNEL_MESSAGE_LIMIT),
      close(code, reason) {
        if (closed) return;
        closed = true;
        ws.close(code, reason);
      },
    };
    /** Messages that came before the server knew who the visitor is. */
    let waiting: [data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean][] | null = [];
    let mintTimer: ReturnType<typeof setTimeout> | undefined;

    /** What the channel does with a page's message while it has no visitor it vouches for. */
    function unvouched(data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean): boolean {
      if (visitor !== null || isBinary) return false;
      let message: { topic?: unknown; n?: unknown };
      try {
        message = JSON.parse(String(data));
      } catch {
        return false;
      }
      if (typeof message !== "object" || message === null || !Number.isSafeInteger(message.n)) return false;
      const peer = typeof message.topic === "string" ? following.get(message.topic)?.peer : undefined;
      if (!peer || !channel.allowed()) return false;
      const retryMs = Math.max(1000, visitorRetryAt - Date.now());
      peer.sendJson({
        t: "no",
        n: message.n as number,
        error: `The site is very busy: it takes this in ${Math.ceil(retryMs / 1000)} s.`,
        retryMs,
      });
      return true;
    }

    /** What waited for the server to decide who the page is goes on now, as it would have then. */
    function settled() {
      const queued = waiting ?? [];
      waiting = null;
      for (const [data, isBinary] of queued) if (!unvouched(data, isBinary)) dispatch.message(channel, data, isBinary);
    }

    function vouched(id: string, newToken?: string) {
      visitor = id;
      count(visitorKey(id), 1);
      if (newToken) {
        deliver(ws, textMessage(JSON.stringify({ t: "visitor", token: newToken } satisfies VisitorMessage)), "channel");
      }
      settled();
    }

    /** Not vouched for now: its requests are answered "later" until `retryMs`, and it is tried again then. */
    function notYet(retryMs: number, again: () => void) {
      visitor = null;
      visitorRetryAt = Date.now() + retryMs;
      settled();
      mintTimer = setTimeout(again, Math.min(retryMs, 60_000));
    }

    async function mint() {
      mintTimer = undefined;
      const minted = await visitors.mint(keys);
      if (closed || ws.readyState !== ws.OPEN) return;
      if ("token" in minted) return vouched(minted.id, minted.token);
      refused("mint");
      notYet(minted.waitMs, () => void identify(null));
    }

    /** Who the page is: the token it named when ours and not open too often, else a new one. */
    async function identify(named: string | null) {
      try {
        const read = await visitors.read(named);
        if (closed || ws.readyState !== ws.OPEN) return;
        if (read && (open.get(visitorKey(read.id)) ?? 0) < maxPerVisitor) return vouched(read.id, read.renewed);
        if (read) refused("visitor-replayed");
        await mint();
      } catch (error) {
        // The secret could not be read (the store away at start): try again in a moment.
        log.debug("visitor not identified", { error: errorText(error) });
        if (closed || ws.readyState !== ws.OPEN) return;
        notYet(2000, () => void identify(named));
      }
    }

    ws.on("pong", () => {
      health.missed = 0;
    });
    ws.on("message", (data, isBinary) => {
      if (waiting) {
        if (waiting.length >= MAX_WAITING_MESSAGES) return channel.close(CLOSE.malformed, "Too many messages");
        waiting.push([data, isBinary]);
        return;
      }
      if (!unvouched(data, isBinary)) dispatch.message(channel, data, isBinary);
    });
    ws.on("close", () => {
      closed = true;
      clearTimeout(mintTimer);
      sockets.delete(ws);
      metrics?.channels.set(sockets.size);
      if (visitor) count(visitorKey(visitor), -1);
      for (const [topic, { peer }] of following) {
        dispatch.guarded(channel, "leave", topic, () => dispatch.module(topic)?.leave(peer));
      }
    });
    ws.on("error", () => {});
    for (const [topic, { peer }] of following) {
      dispatch.guarded(channel, "join", topic, () => dispatch.module(topic)?.join(peer, resume.get(topic)));
    }
    void identify(token);
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
