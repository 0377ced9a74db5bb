import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { listensAfterPromotion } from "./listens-after-promotion.ts";

/** A bus whose subscription moves to the new primary only when `moved()` is called, as node-redis's does in the background. */
function fakeBus() {
  const listeners = new Map<string, (message: string) => void>();
  let delivering = true;
  const published: string[][] = [];
  return {
    published,
    subscriber: {
      async subscribe(channel: string, listener: (message: string) => void) {
        listeners.set(channel, listener);
      },
    },
    publisher: {
      async sendCommand(args: string[]) {
        published.push(args);
        const [, channel, message] = args;
        if (delivering) listeners.get(channel ?? "")?.(message ?? "");
      },
    },
    promotedAway: () => {
      delivering = false;
    },
    moved: () => {
      delivering = true;
    },
  };
}

/** A link listening on `bus`, its handler a mock, just told of a promotion its subscription has not followed yet. */
function promotedWhileAway(giveUpMs: number) {
  const bus = fakeBus();
  const listening = listensAfterPromotion(bus.subscriber, bus.publisher, 250, giveUpMs);
  const told = vi.fn();
  listening.onListening(told);
  listening.listen();
  bus.promotedAway();
  listening.promoted();
  return { bus, listening, told };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

it("after a promotion, tells its handlers only once its subscription hears the new primary", async () => {
  const { bus, listening, told } = promotedWhileAway(30_000);
  await vi.advanceTimersByTimeAsync(1000);
  // Still on the old primary: its own word, published every 250 ms, never came back.
  expect(told).not.toHaveBeenCalled();
  expect(bus.published.length).toBeGreaterThanOrEqual(4);
  bus.moved();
  await vi.advanceTimersByTimeAsync(250);
  expect(told).toHaveBeenCalledTimes(1);
  // Heard: it stops asking.
  const asked = bus.published.length;
  await vi.advanceTimersByTimeAsync(2000);
  expect(bus.published).toHaveLength(asked);
  expect(told).toHaveBeenCalledTimes(1);
  listening.stop();
});

it("tells its handlers anyway after giving up, and each promotion is heard on its own", async () => {
  const { bus, listening, told } = promotedWhileAway(2000);
  await vi.advanceTimersByTimeAsync(1900);
  expect(told).not.toHaveBeenCalled();
  await vi.advanceTimersByTimeAsync(500);
  expect(told).toHaveBeenCalledTimes(1);
  bus.moved();
  listening.promoted();
  await vi.advanceTimersByTimeAsync(0);
  expect(told).toHaveBeenCalledTimes(2);
  listening.stop();
});
