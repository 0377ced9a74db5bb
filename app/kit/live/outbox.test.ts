import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createOutbox } from "./outbox";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function setUp(open = true) {
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
  });
  return { sent, state, outbox };
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

  it("gives items back after the server has said 'later' to them ten times, rather than send them for ever", () => {
    const { sent, outbox } = setUp();
    outbox.add(1);
    outbox.add(2);
    vi.advanceTimersByTime(50);
    for (let k = 1; k < 10; k++) {
      expect(outbox.refuse((sent.at(-1) as [number, number[]])[0], 100)).toEqual([]);
      vi.advanceTimersByTime(150);
    }
    expect(sent).toHaveLength(10);
    expect(outbox.refuse((sent.at(-1) as [number, number[]])[0], 100)).toEqual([1, 2]);
    vi.advanceTimersByTime(1000);
    expect(sent).toHaveLength(10);
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
});
