import type { Histogram } from "./live-clients.ts";

/**
 * Fan-out latency for the live bench (live-toys.ts): when a piece of news was acknowledged to the
 * visitor who made it, and when each watching visitor received it, into a histogram.
 */

/** News with a key (a bubble, a painted cell): when it was acknowledged, and arrivals that came first. */
export class Keyed {
  private at = new Map<string, number>();
  private early = new Map<string, number>();
  private latency: Histogram;
  constructor(latency: Histogram) {
    this.latency = latency;
  }
  acknowledged(key: string, now: number) {
    this.at.set(key, now);
    // Arrivals that beat the acknowledgement to the bench count as 0 ms.
    for (let k = this.early.get(key) ?? 0; k > 0; k--) this.latency.add(0);
    this.early.delete(key);
  }
  arrived(key: string, now: number) {
    const acked = this.at.get(key);
    if (acked === undefined) this.early.set(key, (this.early.get(key) ?? 0) + 1);
    else this.latency.add(now - acked);
  }
}

/** A number that only climbs (a question's votes, the claps' total): when each value was acknowledged. */
export class Climbing {
  private acked: { value: number; at: number }[] = [];
  private latency: Histogram;
  constructor(latency: Histogram) {
    this.latency = latency;
  }
  acknowledged(value: number, at: number, watchers: { seen: number }[]) {
    this.acked.push({ value, at });
    // Watchers that had it before the bench heard its acknowledgement: 0 ms.
    for (const watcher of watchers) if (watcher.seen >= value) this.latency.add(0);
  }
  seen(watcher: { seen: number }, value: number, now: number) {
    if (value <= watcher.seen) return;
    for (const { value: v, at } of this.acked) if (v > watcher.seen && v <= value) this.latency.add(now - at);
    watcher.seen = value;
  }
}
