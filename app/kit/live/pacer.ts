import type { MessageLimit } from "../../../contracts/live";

/**
 * How fast a page may send on a topic: the server counts the messages of each channel on each
 * topic with a token bucket (`burst` at once, then `perSecond`: contracts/live.ts MessageLimit) and
 * closes a channel past it (1008); the page keeps a bucket of its own, smaller and slower by a
 * margin, so an honest page never trips it. The margin is for what the page cannot see: messages
 * sent a moment apart can reach the server together (a network that holds packets, a tab that
 * wakes up), and the server's count starts full only on a new channel.
 */
export interface Pacer {
  /** Whether a message may go now. */
  ready(): boolean;
  /** A message went (or `count` items, for a pacer of items). */
  take(count?: number): void;
  /** How long until one may go (0: now). */
  waitMs(): number;
  /** How many may go now, whole. */
  room(): number;
}

/** The share of the server's limit the page keeps to, and the messages at once it keeps in hand. */
const RATE_SHARE = 0.8;
const burstKept = (burst: number) => Math.max(1, burst - Math.max(1, Math.ceil(burst / 4)));

/** What a page keeps to under the server's `limit`: fewer at once, and slower. */
export const pacedBy = ({ burst, perSecond }: MessageLimit): MessageLimit => ({
  burst: burstKept(burst),
  perSecond: perSecond * RATE_SHARE,
});

export function createPacer(limit: MessageLimit): Pacer {
  const { burst: capacity, perSecond } = pacedBy(limit);
  const perMs = perSecond / 1000;
  let tokens = capacity;
  let at = Date.now();
  const refill = () => {
    const now = Date.now();
    tokens = Math.min(capacity, tokens + (now - at) * perMs);
    at = now;
  };
  return {
    ready() {
      refill();
      return tokens >= 1;
    },
    take(count = 1) {
      refill();
      tokens -= count;
    },
    waitMs() {
      refill();
      return tokens >= 1 ? 0 : Math.ceil((1 - tokens) / perMs);
    },
    room() {
      refill();
      return Math.max(0, Math.floor(tokens));
    },
  };
}
