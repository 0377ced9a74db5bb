import * as v from "valibot";
import { CLICKS_TOPIC, type ClicksMessage } from "../../contracts/clicks.ts";
import { broadcast } from "../live/broadcast.ts";
import { type Bus, busCount } from "../live/bus.ts";
import type { Peer } from "../live/peer.ts";
import type { TopicModule } from "../live/topic.ts";

/**
 * The global click total on the live channel (topic "clicks"): every count published on the bus,
 * by any server process, reaches the Useless Button's open pages at most twice a second, so the
 * number climbs while they watch. Pages without the channel keep asking every few seconds.
 */
export function createClicksFeed(bus: Bus, everyMs = 500) {
  const peers = new Set<Peer>();
  let total: number | null = null;
  let sent: number | null = null;
  const message = (value: number): Omit<ClicksMessage, "topic"> => ({ t: "clicks", total: value });

  bus.subscribe(CLICKS_TOPIC, "total", v.object({ total: busCount }), (published) => {
    total = Math.max(total ?? 0, published.total);
  });

  const timer = setInterval(() => {
    if (total === null || total === sent) return;
    sent = total;
    broadcast(peers, JSON.stringify({ topic: CLICKS_TOPIC, ...message(total) }));
  }, everyMs);
  timer.unref();

  return {
    topic: CLICKS_TOPIC,
    join(peer: Peer) {
      peers.add(peer);
      if (total !== null) peer.sendJson(message(total));
    },
    leave(peer: Peer) {
      peers.delete(peer);
    },
    /** A count on this server raised the total. */
    publish(newTotal: number) {
      bus.publish(CLICKS_TOPIC, "total", { total: newTotal });
    },
    async stop() {
      clearInterval(timer);
    },
  } satisfies TopicModule & { publish(total: number): void };
}

export type ClicksFeed = ReturnType<typeof createClicksFeed>;
