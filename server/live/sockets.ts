import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { type WebSocket, WebSocketServer } from "ws";
import {
  type ByeMessage,
  CLOSE,
  HEARTBEAT_EVERY_MS,
  type JoinedMessage,
  LIVE_PROTOCOL,
  MAX_MESSAGE_BYTES,
} from "../../contracts/live.ts";
import type { FleetLimiter } from "../ops/limiter.ts";
import { errorText, type Logger } from "../ops/log.ts";
import type { Metrics } from "../ops/metrics.ts";
import { type AddressBudget, createAddressBudget } from "./address-budget.ts";
import { createAdmission, type Place } from "./admission.ts";
import { guardChannel, MAX_PENDING_AUTO_PONGS } from "./channel-guards.ts";
import { createChannelVisitor } from "./channel-visitor.ts";
import { createDelivery } from "./delivery.ts";
import { createDispatch } from "./dispatch.ts";
import { type FleetOpen, localFleetOpen } from "./fleet-open.ts";
import { textMessage } from "./frames.ts";
import { HEARTBEAT_SLICES, type Health, startHeartbeat } from "./heartbeat.ts";
import { createPageChannel } from "./page-channel.ts";
import { BUSY_RETRY_MS, createRefusals, FULL, RESTARTING, SHARED, TOO_MANY_NEW } from "./refusals.ts";
import type { TopicModule } from "./topic.ts";
import { readUpgrade, type UpgradeRequest } from "./upgrade-request.ts";
import type { VisitorTokens } from "./visitor.ts";

/**
 * The live channel (contracts/live.ts): WebSocket upgrades on /api/live, each following the
 * topics it names, which are modules of their own (topic.ts): this file knows none of them. What a
 * page sends goes through dispatch.ts, the one place that reads it and the one fault boundary.
 *
 * An upgrade that is not for this channel is refused with an HTTP status before any WebSocket
 * exists (upgrade-request.ts). One the server cannot take NOW (admission.ts: full, or too many
 * channels from one address or /56 across the fleet; too many new ones; the server stopping) is
 * accepted only to be told so, `{"t":"busy","retryMs","reason"}` and a close with 4429, which a
 * page can read (refusals.ts); a full process makes the heaviest address yield a channel instead,
 * as the upgrade's last step (admission.ts).
 * Each channel is a visitor the server vouches for (channel-visitor.ts), and every frame it sends
 * is spent from its address's budget (address-budget.ts; past it, 1013).
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
  /** The channels each address and /56 holds across the fleet (fleet-open.ts); this process's alone unless given. */
  fleetOpen?: FleetOpen;
  /** What one address may send on all its channels (address-budget.ts). */
  budget?: AddressBudget;
  metrics?: Metrics;
  heartbeatMs?: number;
  /** Told of an upgrade refused as another site's page (a proxy that rewrote Host may be why). */
  onOriginRefused?: (origin: string, host: string | undefined) => void;
}

/**
 * The listener `upgrade` gives each socket's errors, kept for the socket's whole life: nothing to
 * do (a socket that fails closes). Defined once, not in `upgrade`: a function made there would keep
 * the upgrade's whole scope (the request, its headers, the first bytes) as long as the channel is open.
 */
const ignoreError = () => {};
const JOINED = textMessage(JSON.stringify({ t: "joined" } satisfies JoinedMessage));
type Asked = Extract<UpgradeRequest, { topics: unknown }>;

/**
 * How long pages are asked to spread their return over when the server stops; one that asks for a
 * channel while it stops is told a moment of its own from COME_BACK_AFTER_MS to that.
 */
export const COME_BACK_WITHIN_MS = 5000;
export const COME_BACK_AFTER_MS = 1000;

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
  fleetOpen = localFleetOpen(),
  budget = createAddressBudget({}),
  metrics,
  heartbeatMs = HEARTBEAT_EVERY_MS,
  onOriginRefused,
}: LiveOptions) {
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_MESSAGE_BYTES,
    perMessageDeflate: false,
    // A client that pings without reading the pongs is cut off past this many (its types do not
    // know it yet).
    ...{ maxPendingAutoPongs: MAX_PENDING_AUTO_PONGS },
    // The page names its visitor token as a subprotocol, so no proxy's log holds it (contracts/live.ts).
    handleProtocols: (offered) => (offered.has(LIVE_PROTOCOL) ? LIVE_PROTOCOL : false),
  });
  const dispatch = createDispatch(modules, { log, metrics });
  const { deliver, offer } = createDelivery(metrics);
  const admission = createAdmission({ maxConnections, maxPerAddress, maxPerBlock, fleet: fleetOpen });
  /** Each open channel, how many heartbeats in a row it left unanswered, and its heartbeat's slice. */
  const sockets = new Map<WebSocket, Health>();
  let joined = 0;
  let stopping = false;
  const { refused, refuseHttp, refuseBusy, crowded, stop: stopRefusals } = createRefusals({ wss, log, metrics });

  /** The server's `upgrade` event: only /api/live, within the caps, from this site's pages. */
  async function upgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
    socket.on("error", ignoreError);
    const asked = readUpgrade(req, dispatch.names());
    if ("status" in asked) {
      if (asked.reason === "origin") onOriginRefused?.(String(req.headers.origin), req.headers.host);
      return refuseHttp(socket, asked.status, asked.error, asked.reason);
    }
    const address = addressOf(req);
    const keys = keysOf(address);
    const busy = (reason: string, words: string, retryMs: number) =>
      refuseBusy(req, socket, head, reason, words, retryMs, keys[keys.length - 1] ?? address);
    // Each page its own moment within the window, as the goodbye spreads them: a page waits at
    // least what it is told, and pages told at once must not all come back at once.
    const restarting = () =>
      busy(
        "stopping",
        RESTARTING,
        Math.round(COME_BACK_AFTER_MS + Math.random() * (COME_BACK_WITHIN_MS - COME_BACK_AFTER_MS)),
      );
    if (stopping) return restarting();
    const place = admission.reserve(keys);
    if (place === "full") return busy("full", FULL, BUSY_RETRY_MS);
    if (place === "per-address") return busy("per-address", SHARED, BUSY_RETRY_MS);
    // Counted from now until the socket closes, upgraded or not.
    socket.once("close", place.release);
    let waitMs = 0;
    for (const key of keys) waitMs = Math.max(waitMs, await upgrades.take(key));
    if (socket.destroyed) return;
    if (waitMs > 0) {
      place.release();
      const retryMs = Number.isFinite(waitMs) ? Math.ceil(waitMs) : 60_000;
      return busy("rate", TOO_MANY_NEW, retryMs);
    }
    const claimed = await admission.claim(keys);
    if (socket.destroyed) return;
    if (!claimed) {
      place.release();
      return busy("per-address-fleet", SHARED, BUSY_RETRY_MS);
    }
    // The stop began while the limit was asked: the topics may be stopping already.
    if (stopping) return restarting();
    // Last, with nothing left to refuse it: a full process's heaviest address yields a channel now
    // (admission.ts), so an upgrade refused or abandoned before this point took no one's place.
    if (place.admit()) {
      place.release();
      return busy("full", FULL, BUSY_RETRY_MS);
    }
    wss.handleUpgrade(req, socket, head, (ws) => connected(ws, { address, keys, ...asked, place }));
  }

  function connected(
    ws: WebSocket,
    { address, keys, topics, resume, token, place }: Asked & { address: string; keys: readonly string[]; place: Place },
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
      visitor: () => identity.id(),
      deliver,
    });
    const identity = createChannelVisitor({
      channel,
      keys,
      visitors,
      maxPerVisitor,
      openUnder: admission.openUnder,
      count: admission.count,
      sendToken: (message) => deliver(ws, textMessage(JSON.stringify(message)), "channel"),
      dispatch: (data, isBinary) => dispatch.message(channel, data, isBinary),
      refused,
      isOpen: () => !channel.closed && ws.readyState === ws.OPEN,
      log,
    });

    guardChannel({
      ws,
      channel,
      keys,
      place,
      health,
      budget,
      upgrades,
      deliver,
      metrics,
      receive: identity.receive,
      closed() {
        identity.closed();
        sockets.delete(ws);
        metrics?.channels.set(sockets.size);
        for (const [topic, { peer }] of channel.following) {
          dispatch.guarded(channel, "leave", topic, () => dispatch.module(topic)?.leave(peer));
        }
      },
    });
    for (const [topic, { peer }] of channel.following) {
      dispatch.guarded(channel, "join", topic, () => dispatch.module(topic)?.join(peer, resume.get(topic)));
    }
    deliver(ws, JOINED, "channel");
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
    /**
     * Why a channel from `address` would be refused now, for a page's question over plain HTTP (a
     * page cannot read the status of a refused upgrade), or null when it would be taken.
     */
    refusalFor(address: string): { status: 503 | 429; retryMs: number; reason: string } | null {
      if (stopping) return { status: 503, retryMs: COME_BACK_WITHIN_MS, reason: RESTARTING };
      const why = crowded() ? "full" : admission.wouldRefuse(keysOf(address));
      if (why === "full") return { status: 503, retryMs: BUSY_RETRY_MS, reason: FULL };
      return why ? { status: 429, retryMs: BUSY_RETRY_MS, reason: SHARED } : null;
    },
    /** How many channels are open now. */
    get connections() {
      return admission.connections;
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
      budget.stop();
      void admission.stop();
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

export type LiveSockets = ReturnType<typeof createLiveSockets>;
