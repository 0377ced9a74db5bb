import type { WebSocket } from "ws";
import { CLOSE } from "../../contracts/live.ts";
import type { Metrics } from "../ops/metrics.ts";
import { createFrameWriter, type Outgoing } from "./frames.ts";

/** A page whose unread messages pass this is too slow to follow: it is closed (it may come back). */
export const MAX_BUFFERED_BYTES = 1024 * 1024;

/**
 * How made messages reach a channel's pages (frames.ts writes them): `deliver` closes a page too
 * slow to read, `offer` skips it (a heartbeat, a goodbye). What was sent is counted per topic and
 * told to the metrics once per turn of the event loop, not once per page (a labelled counter's
 * increment costs as much as the write).
 */
export function createDelivery(metrics?: Metrics) {
  const writer = createFrameWriter();
  const sentOut = new Map<string, number>();
  let telling = false;
  const countOut = (topic: string) => {
    if (!metrics) return;
    sentOut.set(topic, (sentOut.get(topic) ?? 0) + 1);
    if (telling) return;
    telling = true;
    setImmediate(() => {
      telling = false;
      for (const [name, count] of sentOut) metrics.messagesOut.inc({ topic: name }, count);
      sentOut.clear();
    });
  };
  return {
    /** Sends a made message to a page, counted under `topic`; a page too slow to read it is closed. */
    deliver(ws: WebSocket, message: Outgoing, topic: string) {
      if (ws.readyState !== ws.OPEN) return;
      if (ws.bufferedAmount > MAX_BUFFERED_BYTES) {
        metrics?.channelsClosed.inc({ reason: "slow-reader" });
        ws.close(CLOSE.tryLater, "Reading too slowly");
        return;
      }
      if (writer.write(ws, message, topic)) countOut(topic);
    },
    /** Sends it unless the page is behind already (then it has more pressing things to read). */
    offer(ws: WebSocket, message: Outgoing, topic: string) {
      if (ws.bufferedAmount <= MAX_BUFFERED_BYTES && writer.write(ws, message, topic)) countOut(topic);
    },
  };
}
