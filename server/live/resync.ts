import type { Peer } from "./peer.ts";

/** How often a page may ask for a topic's whole state again (it does after a gap it noticed). */
export const RESYNC_EVERY_MS = 2000;

/**
 * A page that found a gap in a topic's sequence asks for the whole state again: it gets it, at
 * most once every `everyMs`, so a page that asks in a loop costs the server one whole state a few
 * seconds, not one per message.
 */
export function resyncAtMost(sendWhole: (peer: Peer) => void, everyMs = RESYNC_EVERY_MS): (peer: Peer) => void {
  const lastSync = new WeakMap<Peer, number>();
  return (peer) => {
    const now = Date.now();
    if (now - (lastSync.get(peer) ?? Number.NEGATIVE_INFINITY) < everyMs) return;
    lastSync.set(peer, now);
    sendWhole(peer);
  };
}
