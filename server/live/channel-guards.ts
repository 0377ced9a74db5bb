import type { WebSocket } from "ws";
import { type BusyMessage, CLOSE } from "../../contracts/live.ts";
import type { FleetLimiter } from "../ops/limiter.ts";
import type { Metrics } from "../ops/metrics.ts";
import type { AddressBudget } from "./address-budget.ts";
import { OWED_ANSWER_MS, type Place } from "./admission.ts";
import type { PageChannel } from "./dispatch.ts";
import { type Outgoing, textMessage } from "./frames.ts";
import type { Health } from "./heartbeat.ts";
import { BUSY_RETRY_MS, FULL } from "./refusals.ts";
import { frameBytes } from "./upgrade-request.ts";

/**
 * New channels a channel closed for a frame no page sends costs its address (of LIVE_UPGRADE_LIMIT's
 * 600 a window): past twenty such in a window, the address waits for the next.
 */
export const MISBEHAVIOUR_UPGRADES = 30;
/** Pings a channel may send in its life: a browser's page has no way to send one at all. */
export const MAX_PINGS = 8;
/**
 * Pongs ws may owe a client that pings without reading them before it cuts the socket (ws's
 * `maxPendingAutoPongs`, its default): past MAX_PINGS the channel is cut first anyway.
 */
export const MAX_PENDING_AUTO_PONGS = 60;
const YIELDED = textMessage(JSON.stringify({ t: "busy", retryMs: BUSY_RETRY_MS, reason: FULL } satisfies BusyMessage));

/**
 * What an open channel may cost (issue 56), wired to its socket: every frame the page sends (text,
 * binary, ping, pong) is spent from its address's budget (address-budget.ts; past it, 1013), and
 * past MAX_PINGS pings (a browser cannot send one) the channel is closed as malformed; a
 * channel closed for a frame no page sends (junk, a kind no topic takes, one too large) costs its
 * address new channels (the upgrade limit); and when the process is full, the channel may yield
 * its place to an address holding fewer (admission.ts): told busy, and closed. A channel admitted
 * over the cap is pinged at once, and takes its place from another once it answers. Hands each message
 * the budget allows to `receive`, and calls `closed` once the socket is.
 */
export function guardChannel({
  ws,
  channel,
  keys,
  place,
  health,
  budget,
  upgrades,
  deliver,
  metrics,
  receive,
  closed,
}: {
  ws: WebSocket;
  channel: PageChannel & { readonly closed: boolean };
  keys: readonly string[];
  place: Place;
  health: Health;
  budget: AddressBudget;
  upgrades: FleetLimiter;
  deliver: (ws: WebSocket, message: Outgoing, topic: string) => void;
  metrics?: Metrics;
  receive: (data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean) => void;
  closed: () => void;
}) {
  let lastActive = Date.now();
  let lastSent = 0;
  let misbehaved = false;
  place.hold({
    lastActive: () => lastActive,
    lastSent: () => lastSent,
    yieldPlace() {
      place.release();
      metrics?.channelsClosed.inc({ reason: "yielded" });
      deliver(ws, YIELDED, "channel");
      channel.close(CLOSE.busy, "Busy");
      setTimeout(() => ws.terminate(), 1000).unref();
    },
  });
  // Admitted over the cap (admission.ts): a channel yields to this one once it answers this ping
  // (a browser answers at once), not before, so an upgrade that hung up at once takes no one's place.
  const owedTimer = place.owes() ? setTimeout(() => place.settle(false), OWED_ANSWER_MS) : undefined;
  if (place.owes()) ws.ping();
  const close = channel.close;
  channel.close = (code, reason) => {
    misbehaved ||= code === CLOSE.malformed || code === CLOSE.tooLarge;
    close(code, reason);
  };
  const spent = (size: number) => {
    if (budget.spend(keys[keys.length - 1] ?? "unknown", size)) return true;
    metrics?.channelsClosed.inc({ reason: "address-budget" });
    channel.close(CLOSE.tryLater, "Too much from your network");
    return false;
  };
  let pings = 0;
  ws.on("ping", (data) => {
    if (++pings <= MAX_PINGS) return void spent(data.length + 2);
    if (channel.closed) return;
    metrics?.channelsClosed.inc({ reason: "pings" });
    channel.close(CLOSE.malformed, "Pages do not ping");
    // A flood of pings is often sent without reading: no close handshake to wait for.
    ws.terminate();
  });
  const answered = () => {
    // A channel closed already (junk, too large) takes no one's place, whatever comes after.
    if (!place.owes() || channel.closed) return;
    clearTimeout(owedTimer);
    place.settle(true);
  };
  ws.on("pong", (data) => {
    if (!spent(data.length + 2)) return;
    health.missed = 0;
    answered();
  });
  ws.on("message", (data, isBinary) => {
    if (channel.closed) return;
    lastActive = Date.now();
    lastSent = lastActive;
    if (!spent(frameBytes(data) + 2)) return;
    answered();
    receive(data, isBinary);
  });
  // ws says so of a frame it could not read (bad UTF-8, a bad opcode, over the size).
  ws.on("error", () => {
    misbehaved = true;
  });
  ws.on("close", () => {
    clearTimeout(owedTimer);
    if (misbehaved) for (const key of keys) void upgrades.take(key, MISBEHAVIOUR_UPGRADES);
    place.release();
    closed();
  });
}
