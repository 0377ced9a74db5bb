import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import * as v from "valibot";
import { type WebSocket, WebSocketServer } from "ws";
import { MAX_POPS_PER_MESSAGE } from "../../contracts/bubbles.ts";
import { CLOSE, type ClientMessage, LIVE_PATH, MAX_MESSAGE_BYTES, TOPICS, type Topic } from "../../contracts/live.ts";
import { clientAddress } from "../client-address.ts";
import { pathOf } from "../http.ts";
import { errorText, type Logger } from "../log.ts";
import type { Peer } from "./peer.ts";

/**
 * The live channel (contracts/live.ts): WebSocket upgrades on /api/live, each following the
 * topics it names. Capped in total and per client address (past a cap the upgrade is answered
 * 503 or 429 with Retry-After, before any WebSocket exists); a message that is not JSON, not a
 * known shape, or larger than MAX_MESSAGE_BYTES closes the connection (1008, 1009); more than a
 * few dozen messages a second closes it too; a connection that reads too slowly to keep up (1 MB
 * waiting) is closed with 1013 so it cannot hold the server's memory; a dead one is found by ping.
 */
export interface TopicHandler {
  join(peer: Peer, since?: string): void;
  leave(peer: Peer): void;
}

export interface LiveOptions {
  bubbles: TopicHandler & {
    pop(peer: Peer, message: Extract<ClientMessage, { t: "pop" }>): void;
    sync(peer: Peer): void;
  };
  clicks: TopicHandler;
  log: Logger;
  trustedHops: number;
  maxConnections: number;
  maxPerAddress: number;
}

const MAX_BUFFERED_BYTES = 1024 * 1024;
const PING_EVERY_MS = 25_000;
/** Messages a connection may send: a burst, then a few a second (pops are batched every 50 ms). */
const MESSAGE_BURST = 40;
const MESSAGES_PER_SECOND = 25;
/** A page may ask for the whole sheet again this often (it does after a gap it noticed). */
const SYNC_EVERY_MS = 2000;

const PopSchema = v.strictObject({
  t: v.literal("pop"),
  n: v.pipe(v.number(), v.safeInteger(), v.minValue(0)),
  sheet: v.pipe(v.number(), v.safeInteger(), v.minValue(1)),
  i: v.pipe(
    v.array(v.pipe(v.number(), v.safeInteger(), v.minValue(0))),
    v.minLength(1),
    v.maxLength(MAX_POPS_PER_MESSAGE),
  ),
});
const SyncSchema = v.strictObject({ t: v.literal("sync") });
const MessageSchema = v.variant("t", [PopSchema, SyncSchema]);

export function createLiveSockets({ bubbles, clicks, log, trustedHops, maxConnections, maxPerAddress }: LiveOptions) {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES, perMessageDeflate: false });
  const perAddress = new Map<string, number>();
  /** Each open channel, and whether it answered the last ping. */
  const sockets = new Map<WebSocket, { alive: boolean }>();
  let connections = 0;
  const handlers: Record<Topic, TopicHandler> = { bubbles, clicks };

  function refuse(socket: Duplex, status: string, error: string, retryAfter?: number) {
    const body = JSON.stringify({ error });
    const retry = retryAfter ? `Retry-After: ${retryAfter}\r\n` : "";
    socket.end(
      `HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Type: application/json\r\nCache-Control: no-store\r\n${retry}Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }

  /** The server's `upgrade` event: only /api/live, within the caps, from this site's pages. */
  function upgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
    socket.on("error", () => {});
    const target = req.url ?? "";
    if (pathOf(target) !== LIVE_PATH) return refuse(socket, "404 Not Found", "There is no such channel.");
    const query = new URLSearchParams(target.slice(target.indexOf("?") + 1));
    const topics = (query.get("topics") ?? "").split(",").filter((t): t is Topic => TOPICS.includes(t as Topic));
    if (topics.length === 0)
      return refuse(socket, "400 Bad Request", `Name the topics to follow: ${TOPICS.join(", ")}.`);
    // A page of another site may not open this site's channel in its visitors' browsers.
    const origin = req.headers.origin;
    if (origin !== undefined && !sameHost(origin, req.headers.host)) {
      return refuse(socket, "403 Forbidden", "This channel is for the site's own pages.");
    }
    const address = clientAddress(req.socket.remoteAddress, headerText(req.headers["x-forwarded-for"]), trustedHops);
    if (connections >= maxConnections) {
      return refuse(socket, "503 Service Unavailable", "Too many visitors at once. Try again in a moment.", 10);
    }
    if ((perAddress.get(address) ?? 0) >= maxPerAddress) {
      return refuse(socket, "429 Too Many Requests", "Too many open channels from one place.", 10);
    }
    // Counted from now until the socket closes, upgraded or not.
    connections++;
    perAddress.set(address, (perAddress.get(address) ?? 0) + 1);
    socket.once("close", () => {
      connections--;
      const left = (perAddress.get(address) ?? 1) - 1;
      if (left > 0) perAddress.set(address, left);
      else perAddress.delete(address);
    });
    wss.handleUpgrade(req, socket, head, (ws) => connected(ws, address, topics, query.get("since") ?? undefined));
  }

  function connected(ws: WebSocket, address: string, topics: Topic[], since?: string) {
    const health = { alive: true };
    sockets.set(ws, health);
    let tokens = MESSAGE_BURST;
    let lastSync = Number.NEGATIVE_INFINITY;
    let tokensAt = Date.now();
    const peer: Peer = {
      address,
      send(data) {
        if (ws.readyState !== ws.OPEN) return;
        if (ws.bufferedAmount > MAX_BUFFERED_BYTES) {
          ws.close(CLOSE.tryLater, "Reading too slowly");
          return;
        }
        ws.send(data);
      },
      sendJson(message) {
        peer.send(JSON.stringify(message));
      },
    };
    const malformed = (reason: string) => ws.close(CLOSE.malformed, reason);

    ws.on("pong", () => {
      health.alive = true;
    });
    ws.on("message", (data, isBinary) => {
      const now = Date.now();
      tokens = Math.min(MESSAGE_BURST, tokens + ((now - tokensAt) / 1000) * MESSAGES_PER_SECOND);
      tokensAt = now;
      if (tokens < 1) return malformed("Too many messages");
      tokens--;
      if (isBinary) return malformed("Text messages only");
      let parsed: unknown;
      try {
        parsed = JSON.parse(data.toString());
      } catch {
        return malformed("Not JSON");
      }
      const message = v.safeParse(MessageSchema, parsed);
      if (!message.success) return malformed("Not a message this channel knows");
      if (!topics.includes("bubbles")) return malformed("Not following the bubbles");
      try {
        if (message.output.t === "pop") bubbles.pop(peer, message.output);
        else if (now - lastSync >= SYNC_EVERY_MS) {
          // The whole sheet at most every few seconds: a sheet of a million bubbles is 125 KB.
          lastSync = now;
          bubbles.sync(peer);
        }
      } catch (error) {
        log.error("live message failed", { error: errorText(error) });
      }
    });
    ws.on("close", () => {
      sockets.delete(ws);
      for (const topic of topics) handlers[topic].leave(peer);
    });
    ws.on("error", () => {});
    for (const topic of topics) handlers[topic].join(peer, since);
  }

  // A connection that stopped answering pings (a phone gone into a tunnel) is closed.
  const heartbeat = setInterval(() => {
    for (const [ws, health] of sockets) {
      if (!health.alive) {
        ws.terminate();
        continue;
      }
      health.alive = false;
      ws.ping();
    }
  }, PING_EVERY_MS);
  heartbeat.unref();

  return {
    upgrade,
    /** How many channels are open now. */
    get connections() {
      return connections;
    },
    /** Closes every channel (1001: the pages reconnect, to another server or later). */
    close() {
      clearInterval(heartbeat);
      for (const ws of sockets.keys()) ws.close(CLOSE.goingAway, "Server stopping");
      // A client that does not answer the close in a second is cut off.
      setTimeout(() => {
        for (const ws of sockets.keys()) ws.terminate();
      }, 1000).unref();
    },
  };
}

const headerText = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(", ") : value);

function sameHost(origin: string, host: string | undefined) {
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

export type LiveSockets = ReturnType<typeof createLiveSockets>;
