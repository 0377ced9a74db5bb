import type { FleetLimit, FleetLimiter } from "../ops/limiter.ts";
import type { Peer } from "./peer.ts";

/**
 * A shared toy's limit on a page (pops, claps, votes, paints): counted on the visitor the server
 * vouches the page is (visitor.ts) and, more loosely, on its address: each of the keys
 * client-address.ts gives it (an IPv4 address, an IPv6 /64 and its /56) gets `visitorsPerAddress`
 * visitors' worth, so a classroom behind one address paints and votes as its pupils would, and a
 * bot with many tokens on one address still meets a ceiling. The visitor is asked first: a visitor
 * over its own limit spends nothing of its address's.
 */
export interface PeerLimiter {
  /** Takes `points` for the page: 0 when allowed, otherwise the milliseconds until they would be. */
  take(peer: Peer, points?: number): Promise<number>;
}

export function visitorLimit(
  make: (name: string, limit: FleetLimit) => FleetLimiter,
  name: string,
  perVisitor: FleetLimit,
  visitorsPerAddress: number,
): PeerLimiter {
  const visitors = make(name, perVisitor);
  const addresses = make(`${name}-address`, {
    points: perVisitor.points * visitorsPerAddress,
    durationS: perVisitor.durationS,
  });
  return {
    async take(peer, points = 1) {
      // The channel answers a page without a visitor itself (sockets.ts): this is only a floor.
      const waitMs = await visitors.take(peer.visitor ? `visitor ${peer.visitor}` : `address ${peer.address}`, points);
      if (waitMs > 0) return waitMs;
      let addressWaitMs = 0;
      for (const key of peer.keys) addressWaitMs = Math.max(addressWaitMs, await addresses.take(key, points));
      return addressWaitMs;
    },
  };
}
