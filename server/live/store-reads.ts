import { errorText, type Logger } from "../ops/log.ts";
import type { StoreGuard } from "../ops/store-guard.ts";
import type { Bus } from "./bus.ts";
import { UNTIL_LOADED_MS } from "./lifecycle.ts";

export interface StoreReadsOptions {
  /** One read of the store into the topic's copy (through the guard); it throws when the store does not answer. */
  read: () => Promise<void>;
  /** What is read, for the log ("bubble sheet" gives "bubble sheet not loaded"). */
  what: string;
  bus: Pick<Bus, "onReady">;
  guard: Pick<StoreGuard, "onBack">;
  log: Logger;
  checkMs: number;
}

/**
 * After the bus works again or the store answers again, the copy is read again at these moments
 * too (ms after it): the other processes went through the same failover or restart, and news they
 * published meanwhile may be lost on their side (published to a primary on its way out, or before
 * this process listened on the new one), where no event of this process tells of it. Without these,
 * a copy could stay without an acknowledged pop until the periodic read, 30 s on: the store had it
 * (966ecda's runs of e2e/fleet-redis-failover), and on 2026-12-02, beside two busy loops, one
 * server's sheet was still without one 10 s after the failover.
 */
export const SETTLE_READS_MS = [2_000, 6_000, 15_000];
/** How often the reads after a disturbance are looked at (each comes at most this late). */
const SETTLE_TICK_MS = 1000;

/**
 * When a shared toy's process reads its copy of the store again, beside the news the bus brings:
 * once the bus works and after each reconnect (news may have been lost while it was away), when
 * the store answers again after it did not (a write whose news was never published), each time
 * again SETTLE_READS_MS later, and every `checkMs` (a message lost some other way).
 *
 * One read at a time. A read asked for while one is in flight is made again once that one ends:
 * the read in flight may have begun before what the asker knows of (a promotion, the store's
 * return), and an answer from before it would leave the copy without it. A read that fails (the
 * store still waking after an outage or a failover) is made again every UNTIL_LOADED_MS until one
 * succeeds: a copy is never left as it was until the next periodic read because the one read
 * that an event asked for met the store before it answered.
 */
export function storeReads({ read, what, bus, guard, log, checkMs }: StoreReadsOptions) {
  let inFlight: Promise<void> | null = null;
  let after: Promise<void> | null = null;
  /** True until a read succeeds, and again after one fails. */
  let failing = true;

  function once(): Promise<void> {
    const reading: Promise<void> = read()
      .then(
        () => {
          failing = false;
        },
        (error: unknown) => {
          failing = true;
          log.debug(`${what} not loaded`, { error: errorText(error) });
        },
      )
      .finally(() => {
        if (inFlight === reading) inFlight = null;
      });
    inFlight = reading;
    return reading;
  }

  /** Reads the store, in a read that begins now or after the one in flight; resolves when it has ended. */
  function load(): Promise<void> {
    if (!inFlight) return once();
    after ??= inFlight.then(() => {
      after = null;
      // A read begun since the one in flight ended (its command sent after this was asked for) serves.
      return inFlight ?? once();
    });
    return after;
  }

  /** A read in flight, or a new one: for a caller that needs some reading, not one begun after it asked. */
  const loaded = (): Promise<void> => inFlight ?? load();

  /** When the reads after the latest disturbance are due (ms since 1970), soonest first. */
  let settleAt: number[] = [];
  function disturbed() {
    void load();
    const now = Date.now();
    settleAt = SETTLE_READS_MS.map((ms) => now + ms);
  }
  bus.onReady(disturbed);
  guard.onBack(disturbed);

  return {
    load,
    loaded,
    /** Whether the last read failed, or none has succeeded yet. */
    failing: () => failing,
    /** What the topic repeats for its copy (lifecycle.ts's `repeat`): the periodic read, and the read again after a failure. */
    repeated: [
      [() => void load(), checkMs],
      [
        () => {
          if (settleAt.length === 0 || Date.now() < (settleAt[0] as number)) return;
          settleAt = settleAt.filter((at) => at > Date.now());
          void load();
        },
        SETTLE_TICK_MS,
      ],
      [
        () => {
          if (failing && !inFlight) void load();
        },
        UNTIL_LOADED_MS,
      ],
    ] satisfies [() => void, number][],
  };
}
