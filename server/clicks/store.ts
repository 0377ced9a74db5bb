import type { ClicksAck, ClicksDevice, ClicksSend } from "../../contracts/clicks.ts";

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
  /**
   * What a page asks before it sends again clicks that went out by beacon: the device's confirmed
   * count (or null), and how far back from `now` every device seen is still remembered. Reads only:
   * asking does not make a device seen.
   */
  record(device: string, now: number): Promise<Omit<ClicksDevice, "total">>;
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
 * How far back from `now` the store remembers every device: the idle time, or less once the cap
 * has forgotten a device seen more recently than that. `forgottenSeen` is when the most recently
 * seen of the devices forgotten so far was last seen (both adapters keep it with the housekeeping).
 * A device not remembered was not seen within this time: had it been, it would be.
 */
export const rememberedFor = (memory: DeviceMemory, now: number, forgottenSeen: number): number =>
  Math.max(0, Math.min(memory.idleMs, now - forgottenSeen));

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
