import type { WebSocket } from "ws";
import type { Metrics } from "../ops/metrics.ts";
import { type Outgoing, textMessage } from "./frames.ts";

/**
 * The heartbeat goes to a tenth of the channels at a time, each channel every `everyMs` still:
 * ten thousand pings and texts at once would hold the event loop for tens of milliseconds.
 */
export const HEARTBEAT_SLICES = 10;
const HEARTBEAT = textMessage('{"t":"hb"}');
/** Heartbeats in a row a channel may leave its ping unanswered; at the next, it is cut off. */
export const MISSED_HEARTBEATS = 2;

/** A channel's health: heartbeats in a row it left unanswered, and its slice of the heartbeat. */
export interface Health {
  missed: number;
  slice: number;
}

/**
 * Every channel hears a heartbeat it can see (a quiet topic is not a dead line), and is pinged; one
 * that left two pings unanswered (a phone gone into a tunnel) is cut off. Returns the stop.
 */
export function startHeartbeat({
  sockets,
  everyMs,
  offer,
  metrics,
}: {
  sockets: ReadonlyMap<WebSocket, Health>;
  everyMs: number;
  offer: (ws: WebSocket, message: Outgoing, topic: string) => void;
  metrics?: Metrics;
}): () => void {
  let slice = 0;
  const timer = setInterval(() => {
    slice = (slice + 1) % HEARTBEAT_SLICES;
    for (const [ws, health] of sockets) {
      if (health.slice !== slice) continue;
      if (health.missed >= MISSED_HEARTBEATS) {
        metrics?.channelsClosed.inc({ reason: "no-pong" });
        ws.terminate();
        continue;
      }
      health.missed++;
      ws.ping();
      offer(ws, HEARTBEAT, "channel");
    }
  }, everyMs / HEARTBEAT_SLICES);
  timer.unref();
  return () => clearInterval(timer);
}
