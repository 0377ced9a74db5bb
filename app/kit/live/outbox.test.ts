import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { MessageLimit } from "../../../contracts/live";
import { WALL_MESSAGE_LIMIT } from "../../../contracts/wall";
import { createOutbox, MAX_LATER_TRIES } from "./outbox";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function setUp(open = true, limit: MessageLimit = { burst: 100, perSecond: 100 }) {
  const sent: [number, number[]][] = [];
  const state = { open };
  const outbox = createOutbox<number>({
    send: (n, items) => {
      if (!state.open) return false;
      sent.push([n, items]);
      return true;
    },
    everyMs: 50,
    maxPerMessage: 3,
    limit,
  });
  return { sent, state, outbox };
}

/**
 * The server's count of a channel's messages on a topic, as server/live/sockets.ts keeps it (a
 * token bucket: `burst` at once, `perSecond` after): false for a message past it, which closes the
 * channel (1008).
 */
function serverBucket({ burst, perSecond }: MessageLimit) {
  let tokens = burst;
  let at = Date.now();
  return () => {
    tokens = Math.min(burst, tokens + ((Date.now() - at) / 1000) * perSecond);
    at = Date.now();
    if (tokens < 1) return false;
    tokens--;
    return true;
  };
}

describe("the outbox", () => {
  it("gathers what is added for a moment and sends it as numbered messages of at most the maximum", () => {
    const { sent, outbox } = setUp();
    for (const i of [1, 2, 3, 4]) outbox.add(i);
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(50);
    expect(sent).toEqual([
      [1, [1, 2, 3]],
      [2, [4]],
    ]);
    expect(outbox.unconfirmed()).toEqual([1, 2, 3, 4]);
    outbox.confirm(1);
    outbox.confirm(2);
    expect(outbox.unconfirmed()).toEqual([]);
  });

  it("keeps items while the channel is closed, and sends them when it opens", () => {
    const { sent, state, outbox } = setUp(false);
    outbox.add(7);
    vi.advanceTimersByTime(200);
    expect(sent).toEqual([]);
    state.open = true;
    vi.advanceTimersByTime(50);
    expect(sent).toEqual([[expect.any(Number), [7]]]);
  });

  it("sends again what was never confirmed after a reconnect", () => {
    const { sent, outbox } = setUp();
    outbox.add(5);
    vi.advanceTimersByTime(50);
    outbox.resend();
    vi.advanceTimersByTime(50);
    expect(sent.map(([, items]) => items)).toEqual([[5], [5]]);
  });

  it("tries a refused message again later when told when, and gives its items back when told never", () => {
    const { sent, outbox } = setUp();
    outbox.add(1);
    outbox.add(2);
    vi.advanceTimersByTime(50);
    expect(outbox.refuse(1, 1000)).toEqual([]);
    vi.advanceTimersByTime(999);
    expect(sent).toHaveLength(1);
    vi.advanceTimersByTime(51);
    expect(sent).toHaveLength(2);
    const [n] = sent[1] as [number, number[]];
    expect(outbox.refuse(n)).toEqual([1, 2]);
    expect(outbox.unconfirmed()).toEqual([]);
  });

  it("counts what waits to be tried again as unconfirmed", () => {
    const { outbox } = setUp();
    outbox.add(1);
    vi.advanceTimersByTime(50);
    outbox.refuse(1, 1000);
    expect(outbox.unconfirmed()).toEqual([1]);
  });

  it("gives items back after the server has said 'later' to them MAX_LATER_TRIES times, rather than send them for ever", () => {
    const { sent, outbox } = setUp();
    outbox.add(1);
    outbox.add(2);
    vi.advanceTimersByTime(50);
    for (let k = 1; k < MAX_LATER_TRIES; k++) {
      expect(outbox.refuse((sent.at(-1) as [number, number[]])[0], 100)).toEqual([]);
      vi.advanceTimersByTime(150);
    }
    expect(sent).toHaveLength(MAX_LATER_TRIES);
    expect(outbox.refuse((sent.at(-1) as [number, number[]])[0], 100)).toEqual([1, 2]);
    vi.advanceTimersByTime(1000);
    expect(sent).toHaveLength(MAX_LATER_TRIES);
    expect(outbox.unconfirmed()).toEqual([]);
  });

  it("forgets everything when cleared, even what waits to be tried again", () => {
    const { sent, outbox } = setUp();
    outbox.add(1);
    vi.advanceTimersByTime(50);
    outbox.refuse(1, 100);
    outbox.add(2);
    outbox.clear();
    vi.advanceTimersByTime(1000);
    expect(sent).toHaveLength(1);
    expect(outbox.unconfirmed()).toEqual([]);
  });

  it("paces itself by the topic's limit: what waited while the channel was away goes when it opens, never past the server's count", () => {
    const admitted = serverBucket(WALL_MESSAGE_LIMIT);
    const refused: number[] = [];
    const sent: number[] = [];
    const state = { open: false };
    const outbox = createOutbox<number>({
      send: (_, [paint]) => {
        if (!state.open || paint === undefined) return false;
        if (!admitted()) refused.push(paint);
        sent.push(paint);
        return true;
      },
      everyMs: 100,
      maxPerMessage: 1,
      limit: WALL_MESSAGE_LIMIT,
    });
    // One paint every three seconds for thirty seconds while reconnecting.
    for (let k = 0; k < 10; k++) {
      outbox.add(k);
      vi.advanceTimersByTime(3000);
    }
    expect(sent).toEqual([]);
    // The channel opens (on the server, a fresh count): some go at once, the rest as the limit allows.
    state.open = true;
    vi.advanceTimersByTime(100);
    expect(sent.length).toBeGreaterThan(1);
    expect(sent.length).toBeLessThan(10);
    vi.advanceTimersByTime(10_000);
    expect(sent).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(refused).toEqual([]);
    outbox.stop();
  });

  it("keeps to the limit however fast things are added, a little under it (the server counts what arrives, bunched)", () => {
    const limit = { burst: 12, perSecond: 6 };
    const admitted = serverBucket(limit);
    let refused = 0;
    let sent = 0;
    const outbox = createOutbox<number>({
      send: () => {
        sent++;
        if (!admitted()) refused++;
        return true;
      },
      everyMs: 10,
      maxPerMessage: 1,
      limit,
    });
    for (let ms = 0; ms < 60_000; ms += 10) {
      outbox.add(ms);
      vi.advanceTimersByTime(10);
    }
    expect(refused).toBe(0);
    // A minute at the limit's pace, give or take its margin.
    expect(sent).toBeGreaterThan(0.7 * 6 * 60);
    outbox.stop();
  });

  it("counts the toy's other messages on the topic (a request for the whole state) against the same limit, and sends each once", () => {
    const admitted = serverBucket(WALL_MESSAGE_LIMIT);
    const messages: string[] = [];
    let refused = 0;
    const talk = (message: string) => {
      messages.push(message);
      if (!admitted()) refused++;
      return true;
    };
    const outbox = createOutbox<number>({
      send: (_, [paint]) => talk(`paint ${paint}`),
      everyMs: 100,
      maxPerMessage: 1,
      limit: WALL_MESSAGE_LIMIT,
    });
    for (let k = 0; k < 8; k++) outbox.add(k);
    vi.advanceTimersByTime(100);
    // The paints took what the limit allows at once: the request waits its turn, and asked for
    // twice meanwhile, goes once.
    outbox.sendAside("sync", () => talk("sync"));
    outbox.sendAside("sync", () => talk("sync"));
    vi.advanceTimersByTime(20_000);
    expect(messages.filter((m) => m === "sync")).toHaveLength(1);
    expect(messages.filter((m) => m.startsWith("paint"))).toHaveLength(8);
    expect(refused).toBe(0);
    // With room, it goes at once.
    outbox.sendAside("sync", () => talk("sync"));
    expect(messages.at(-1)).toBe("sync");
    outbox.stop();
  });
});

describe("a backlog of items with a limit of their own (issue 56)", () => {
  it("goes at the pace the server takes the items, never refused as too fast", () => {
    const itemLimit = { burst: 30, perSecond: 15 };
    const sent: number[][] = [];
    const outbox = createOutbox<number>({
      send: (_, items) => {
        sent.push(items);
        return true;
      },
      everyMs: 50,
      maxPerMessage: 30,
      limit: { burst: 40, perSecond: 25 },
      itemLimit,
    });
    // 300 pops made while the channel was away, sent once it is back.
    for (let i = 0; i < 300; i++) outbox.add(i);
    const server = serverBucket(itemLimit);
    let refused = 0;
    let counted = 0;
    for (let ms = 0; ms < 40_000; ms += 10) {
      vi.advanceTimersByTime(10);
      for (const items of sent.splice(0)) {
        for (const _ of items) if (!server()) refused++;
        counted += items.length;
      }
    }
    expect(counted).toBe(300);
    expect(refused).toBe(0);
    outbox.stop();
  });
});
