import type { ClicksMessage } from "../../contracts/live.ts";
import type { Bus } from "../live/bus.ts";
import type { Peer } from "../live/peer.ts";

/**
 * The global click total on the live channel (topic "clicks"): every count published on the bus,
 * by any server process, reaches the Useless Button's open pages at most twice a second, so the
 * number climbs while they watch. Pages without the channel keep asking every few seconds.
 */
export function createClicksFeed(bus: Bus, everyMs = 500) {
  const peers = new Set<Peer>();
  let total: number | null = null;
  let sent: number | null = null;

  bus.subscribe("clicks", (message) => {
    const value = Number((JSON.parse(message) as { total?: unknown }).total);
    if (Number.isSafeInteger(value) && value >= 0) total = Math.max(total ?? 0, value);
  });

  const timer = setInterval(() => {
    if (total === null || total === sent) return;
    sent = total;
    const text = JSON.stringify({ t: "clicks", total } satisfies ClicksMessage);
    for (const peer of peers) peer.send(text);
  }, everyMs);
  timer.unref();

  return {
    topic: "clicks" as const,
    join(peer: Peer) {
      peers.add(peer);
      if (total !== null) peer.sendJson({ t: "clicks", total } satisfies ClicksMessage);
    },
    leave(peer: Peer) {
      peers.delete(peer);
    },
    /** A count on this server raised the total. */
    publish(newTotal: number) {
      bus.publish("clicks", JSON.stringify({ total: newTotal }));
    },
    stop() {
      clearInterval(timer);
    },
  };
}

export type ClicksFeed = ReturnType<typeof createClicksFeed>;
