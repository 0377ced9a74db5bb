// @vitest-environment jsdom
import { describe, expect, it, vi } from "vitest";
import { CLOSE } from "../../../contracts/live";
import { FakeSocket, last, nextTryAfter, setUp, withFakeSockets } from "./channel-test-kit";

withFakeSockets();

describe("the live channel, with a busy server (issue 56)", () => {
  it("keeps the server's busy word to itself, says busy and when it will try again, and waits that long, a little more at random", () => {
    const { channel, statuses, texts } = setUp(() => 0.5);
    last().open();
    last().receive('{"t":"busy","retryMs":12000,"reason":"The site is full."}');
    last().close(CLOSE.busy);
    expect(texts).toEqual([]);
    // Up to a fifth more than asked, at random: half of it here.
    expect(statuses.at(-1)).toEqual([
      "busy",
      { failures: 0, unopened: 0, retryAt: Date.now() + 13_200, reason: "The site is full." },
    ]);
    expect(nextTryAfter()).toBe(13_200);
    channel.close();
  });

  it("is open only once the server answers the join: a busy server's channel is never said to be live (issue 56)", () => {
    const { statuses } = setUp();
    last().open(false);
    expect(statuses.map(([status]) => status)).toEqual(["connecting"]);
    last().receive('{"t":"busy","retryMs":5000,"reason":"Very many people share this network right now."}');
    last().close(CLOSE.busy);
    expect(statuses.map(([status]) => status)).toEqual(["connecting", "busy"]);
    // The server's own words, for the page to say.
    expect(statuses.at(-1)?.[1].reason).toBe("Very many people share this network right now.");
    vi.advanceTimersByTime(6000);
    last().open(false);
    last().receive('{"t":"joined"}');
    expect(statuses.map(([status]) => status)).toEqual(["connecting", "busy", "connecting", "open"]);
  });

  it("never takes a busy server for a network that blocks WebSockets, however often it says so", () => {
    const { channel, statuses } = setUp(() => 0);
    for (let k = 0; k < 5; k++) {
      last().open();
      last().receive('{"t":"busy","retryMs":3000,"reason":"Too many channels from one place."}');
      last().close(CLOSE.busy);
      expect(statuses.at(-1)?.[0]).toBe("busy");
      expect(nextTryAfter()).toBe(3000);
    }
    expect(statuses.filter(([, attempts]) => attempts.unopened > 0)).toEqual([]);
    channel.close();
  });

  it("waits a while after a busy close that came without its word, and at most ten minutes whatever the server asks", () => {
    const { channel, statuses } = setUp(() => 0);
    last().open();
    last().close(CLOSE.busy);
    expect(statuses.at(-1)?.[0]).toBe("busy");
    expect(nextTryAfter()).toBe(10_000);
    last().open();
    last().receive('{"t":"busy","retryMs":86400000,"reason":"Restarting."}');
    last().close(CLOSE.busy);
    expect(statuses.at(-1)?.[1].retryAt).toBe(Date.now() + 600_000);
    vi.advanceTimersByTime(599_999);
    expect(FakeSocket.all).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(3);
    // Nor in a loop when it asks for no wait at all.
    last().open();
    last().receive('{"t":"busy","retryMs":0,"reason":"Restarting."}');
    last().close(CLOSE.busy);
    expect(nextTryAfter()).toBe(1000);
    channel.close();
  });
});
