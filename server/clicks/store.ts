import type { ClicksAck, ClicksSend } from "../../contracts/clicks.ts";

/**
 * Where the global click total lives: one interface, two adapters beside it (sqlite.ts, redis.ts),
 * both on the shared backends (../backends.ts). Both count a send atomically: the device's
 * confirmed count and the total move together, or neither.
 */
export interface ClickStore {
  /** The total of every click ever counted. */
  total(): Promise<number>;
  /** Counts the clicks of `send` beyond what this device already has counted (see `countRange`). */
  count(send: ClicksSend, now: number): Promise<ClicksAck>;
  /** The device's confirmed count, or null when it is not remembered. */
  acked(device: string): Promise<number | null>;
}

export interface DeviceMemory {
  /** A device idle this long is forgotten (its next send is trusted to start where it says). */
  idleMs: number;
  /** At most this many devices are remembered; past it, the longest idle are forgotten first. */
  maxDevices: number;
}

/** Thirty days idle, and at most 200,000 devices (about 30 MB in Redis, 15 MB in SQLite). */
export const DEFAULT_DEVICE_MEMORY: DeviceMemory = { idleMs: 30 * 24 * 60 * 60 * 1000, maxDevices: 200_000 };

/** Each write forgets at most this many devices, so housekeeping never holds the store for long. */
export const FORGET_PER_WRITE = 4;

/**
 * The one rule both adapters apply (the Lua script in redis.ts repeats it, and the shared tests
 * hold both to it): a send counts the clicks after what the device has confirmed (or after `from`,
 * for a device not remembered, or when the client says more was confirmed than is remembered),
 * at most `maxPerSend` of them.
 */
export function countRange(stored: number | null, from: number, to: number, maxPerSend: number) {
  const base = stored === null ? from : Math.max(stored, from);
  const counted = Math.max(0, Math.min(to, base + maxPerSend) - base);
  return { counted, acked: Math.max(stored ?? 0, base + counted) };
}
