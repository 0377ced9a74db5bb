import { type Outgoing, textMessage } from "./frames.ts";
import type { Peer } from "./peer.ts";

/**
 * Sends one text message (with its `topic`) to every peer, serialized, encoded and framed once
 * for all of them (frames.ts), never once per page: made only when there is someone to send it to.
 */
export function broadcast(peers: Iterable<Peer>, text: string): void {
  let message: Outgoing | undefined;
  for (const peer of peers) {
    message ??= textMessage(text);
    peer.sendPrepared(message);
  }
}
