import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { POLLS_MESSAGE_LIMIT } from "../../../contracts/polls";
import { createBallotBox } from "./ballot-box";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A box whose messages are kept (`sent`), and which can be told the channel is closed. */
function box(maxTries?: number, limit = POLLS_MESSAGE_LIMIT) {
  const sent: { n: number; q: number; a: number }[] = [];
  let open = true;
  const made = createBallotBox({
    send: (n, q, a) => {
      if (open) sent.push({ n, q, a });
      return open;
    },
    maxTries,
    limit,
  });
  return {
    box: made,
    sent,
    close: () => {
      open = false;
    },
    open: () => {
      open = true;
    },
  };
}

describe("the ballot box", () => {
  it("sends each vote as one numbered message, and keeps one per question", () => {
    const { box: b, sent } = box();
    expect(b.add(0, 2)).toBe(true);
    expect(b.add(0, 1)).toBe(false);
    expect(b.add(3, 0)).toBe(true);
    b.flush();
    expect(sent).toEqual([
      { n: 1, q: 0, a: 2 },
      { n: 2, q: 3, a: 0 },
    ]);
    // Sent and not answered: a flush does not send it twice.
    b.flush();
    expect(sent).toHaveLength(2);
    b.answered(1);
    expect(b.add(0, 1)).toBe(true);
  });

  it("keeps what cannot go now, and sends it on the next flush", () => {
    const t = box();
    t.close();
    t.box.add(1, 1);
    t.box.flush();
    expect(t.sent).toEqual([]);
    t.open();
    t.box.flush();
    expect(t.sent).toEqual([{ n: 2, q: 1, a: 1 }]);
  });

  it("sends again after a reconnect what was sent and never answered", () => {
    const t = box();
    t.box.add(2, 0);
    t.box.flush();
    t.box.resend();
    t.box.flush();
    expect(t.sent.map((m) => m.q)).toEqual([2, 2]);
    // The old message's answer will never come; the new one's does.
    t.box.answered(2);
    t.box.resend();
    t.box.flush();
    expect(t.sent).toHaveLength(2);
  });

  it("waits when told later, and gives the vote up when told never, or later too often", () => {
    const t = box(3);
    t.box.add(4, 1);
    t.box.flush();
    expect(t.box.refused(1, 500)).toBeNull();
    t.box.flush();
    expect(t.sent).toHaveLength(1);
    vi.advanceTimersByTime(500);
    expect(t.sent).toEqual([
      { n: 1, q: 4, a: 1 },
      { n: 2, q: 4, a: 1 },
    ]);
    expect(t.box.refused(2, 500)).toBeNull();
    vi.advanceTimersByTime(500);
    expect(t.box.refused(3, 500)).toEqual({ q: 4, a: 1 });
    vi.advanceTimersByTime(5000);
    expect(t.sent).toHaveLength(3);

    t.box.add(0, 0);
    t.box.flush();
    expect(t.box.refused(4)).toEqual({ q: 0, a: 0 });
    expect(t.box.refused(99)).toBeNull();
  });

  it("stops its timers", () => {
    const t = box();
    t.box.add(1, 2);
    t.box.flush();
    t.box.refused(1, 1000);
    t.box.stop();
    vi.advanceTimersByTime(5000);
    expect(t.sent).toHaveLength(1);
  });

  it("sends no faster than the topic's limit allows, and what waits for it goes by itself", () => {
    // A limit of two at once, then one a second (the polls' own is larger than five votes need),
    // counted as the server counts it.
    const limit = { burst: 2, perSecond: 1 };
    let tokens = limit.burst;
    let at = Date.now();
    let refused = 0;
    const sent: number[] = [];
    const b = createBallotBox({
      send: (_, q) => {
        tokens = Math.min(limit.burst, tokens + ((Date.now() - at) / 1000) * limit.perSecond);
        at = Date.now();
        if (tokens < 1) refused++;
        else tokens--;
        sent.push(q);
        return true;
      },
      limit,
    });
    for (let q = 0; q < 5; q++) b.add(q, 1);
    b.flush();
    expect(sent.length).toBeLessThan(5);
    vi.advanceTimersByTime(10_000);
    expect(sent).toEqual([0, 1, 2, 3, 4]);
    expect(refused).toBe(0);
    b.stop();
    expect(vi.getTimerCount()).toBe(0);
  });
});
