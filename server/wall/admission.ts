import type { Peer } from "../live/peer.ts";
import type { PeerLimiter } from "../live/visitor-limit.ts";
import type { StoreGuard } from "../ops/store-guard.ts";
import { type PaintRefusal, tooSoon, WALL_AWAY } from "./refusals.ts";
import type { WallStore } from "./store.ts";

/**
 * Whether a paint (its cell and emoji checked before) goes to the next write, by its id (the
 * same on every resend of it). One the store applied before is on the wall already: its page never
 * had the ok (a line that broke, a server that stopped after its write), so it is answered ok,
 * painting nothing again and asking nothing of the cooldown. One sent again while it waits here
 * for its write goes with it (the store applies an id once). Any other is a new paint, within the
 * visitor's cooldown. The store is asked with its deadline: a frozen store is "your paint waits".
 */
export function paintAdmission({
  store,
  guard,
  limiter,
  cooldownMs,
}: {
  store: WallStore;
  guard: StoreGuard;
  limiter: PeerLimiter;
  cooldownMs: number;
}) {
  /** The ids of the paints gathered here or being written, each with how many requests carry it. */
  const waiting = new Map<string, number>();

  return {
    /** "gather" it, it was "applied" before, or why it is refused. */
    async admit(peer: Peer, id: string): Promise<"gather" | "applied" | PaintRefusal> {
      if (waiting.has(id)) return "gather";
      let applied: boolean;
      try {
        applied = await guard.run(() => store.applied(id, Date.now()));
      } catch {
        return WALL_AWAY;
      }
      if (applied) return "applied";
      // Sent again while the store was asked: it goes with the first.
      if (waiting.has(id)) return "gather";
      const waitMs = await limiter.take(peer);
      return waitMs > 0 ? tooSoon(waitMs, cooldownMs) : "gather";
    },
    /** A request carrying paint `id` was gathered for the next write. */
    gathered(id: string) {
      waiting.set(id, (waiting.get(id) ?? 0) + 1);
    },
    /** Requests gathered before have their answers (written, failed, or refused as the server stops). */
    answered(batch: readonly { request: { id: string } }[]) {
      for (const { request } of batch) {
        const left = (waiting.get(request.id) ?? 1) - 1;
        if (left > 0) waiting.set(request.id, left);
        else waiting.delete(request.id);
      }
    },
  };
}
