import { describe, expect, it } from "vitest";
import { DEFAULT_DEVICE_MEMORY } from "./store.ts";
import { counterApi, counterOnEachTest, GENEROUS, newDevice, quiet, stores } from "./test-api.ts";

/**
 * The counter's memory of devices, on each store: what it says it has recorded for one, and how
 * it forgets them (idle for a month, or the longest idle past its cap), saying how far back it
 * still remembers every device.
 */
describe.each(stores)("the counter's memory of devices on %s", (_, open) => {
  const { at, post, total, record } = counterOnEachTest(open);

  it("says what it has recorded for a device, or that it does not remember it, and how far back it remembers", async () => {
    const device = newDevice();
    expect(await record(device)).toEqual({ total: 0, acked: null, rememberedForMs: DEFAULT_DEVICE_MEMORY.idleMs });
    await post({ device, from: 0, to: 4 });
    expect(await record(device)).toEqual({ total: 4, acked: 4, rememberedForMs: DEFAULT_DEVICE_MEMORY.idleMs });
    // Asking changes nothing: not the count, not when the device was last seen.
    at.now += DEFAULT_DEVICE_MEMORY.idleMs - 1000;
    await record(device);
    at.now += 2000;
    await post({ device: newDevice(), from: 0, to: 1 });
    expect(await record(device)).toEqual({ total: 5, acked: null, rememberedForMs: DEFAULT_DEVICE_MEMORY.idleMs });
  });

  it("remembers, from a store an earlier version kept (which did not note what it forgot), back to its oldest device", async () => {
    // What that version left: two devices, the oldest seen five days ago. Whatever it forgot
    // before, it forgot the oldest first, so nothing seen since that device.
    const oldest = at.now - 5 * 24 * 60 * 60 * 1000;
    const kept = [newDevice(), newDevice()];
    if (at.opened.backends.kind === "redis") {
      const redis = at.opened.backends.redis();
      for (const [k, device] of kept.entries()) {
        await redis.hSet("{pointless}:devices:acked", device, "3");
        await redis.zAdd("{pointless}:devices:seen", { score: oldest + k * 1000, value: device });
      }
    } else {
      const db = at.opened.backends.sqlite();
      db.exec("CREATE TABLE devices (id TEXT PRIMARY KEY, acked INTEGER NOT NULL, seen INTEGER NOT NULL)");
      for (const [k, device] of kept.entries()) {
        db.prepare("INSERT INTO devices (id, acked, seen) VALUES (?, 3, ?)").run(device, oldest + k * 1000);
      }
    }
    const store = at.opened.store();
    expect(await store.record(newDevice(), at.now)).toEqual({ acked: null, rememberedForMs: at.now - oldest });
    // The first write keeps that bound, although it adds a device seen now.
    at.now += 1000;
    await store.count({ device: newDevice(), from: 0, to: 1 }, at.now);
    expect(await store.record(kept[0] as string, at.now)).toEqual({ acked: 3, rememberedForMs: at.now - oldest });
  });

  it("remembers a bounded number of devices, forgetting the longest idle first", async () => {
    const small = counterApi({
      backends: at.opened.backends,
      clicks: at.opened.store({ idleMs: DEFAULT_DEVICE_MEMORY.idleMs, maxDevices: 10 }),
      log: quiet,
      limits: GENEROUS,
      now: () => at.now,
    });
    const devices = Array.from({ length: 60 }, newDevice);
    const seenAt: number[] = [];
    for (const device of devices) {
      at.now += 1000;
      seenAt.push(at.now);
      await post({ device, from: 0, to: 1 }, {}, small.app);
    }
    expect(await total(small.app)).toBe(60);
    // Each write forgets a few of the oldest: the memory stays near the cap, not at 60.
    const remembered = await Promise.all(devices.map((device) => at.opened.store().acked(device)));
    const kept = remembered.filter((acked) => acked !== null).length;
    expect(kept).toBeLessThanOrEqual(10);
    expect(remembered.at(-1)).toBe(1);
    expect(remembered[0]).toBeNull();
    // The server says how far back it still remembers every device: to the last one it forgot,
    // seconds ago, not the thirty days of idle time.
    at.now += 500;
    const lastForgotten = remembered.lastIndexOf(null);
    expect(await record(newDevice(), small.app)).toEqual({
      total: 60,
      acked: null,
      rememberedForMs: at.now - (seenAt[lastForgotten] as number),
    });
    small.stop();
  });

  it("forgets a device idle for longer than the memory lasts, a few on each write", async () => {
    const idle = newDevice();
    await post({ device: idle, from: 0, to: 4 });
    expect(await at.opened.store().acked(idle)).toBe(4);
    at.now += DEFAULT_DEVICE_MEMORY.idleMs + 1;
    await post({ device: newDevice(), from: 0, to: 1 });
    expect(await at.opened.store().acked(idle)).toBeNull();
    expect(await total()).toBe(5);
    // Forgotten for being idle: the server still remembers every device of the last thirty days.
    expect(await record(idle)).toEqual({ total: 5, acked: null, rememberedForMs: DEFAULT_DEVICE_MEMORY.idleMs });
  });
});
