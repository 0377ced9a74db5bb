// @vitest-environment jsdom
import { describe, expect, it, vi } from "vitest";
import { CLOSE, HEALTHY_AFTER_MS, SILENT_AFTER_MS } from "../../../contracts/live";
import { last, nextTryAfter, setUp, withFakeSockets } from "./channel-test-kit";

withFakeSockets();

describe("the live channel, trying again", () => {
  it("tries again at a random moment in a window that doubles with each failure, asking for the address each time", () => {
    const { channel, setResume } = setUp();
    last().close();
    setResume("7.42");
    expect(nextTryAfter()).toBe(1000);
    expect(last().url).toBe("ws://localhost:3000/api/live?since=7.42");
    last().close();
    expect(nextTryAfter()).toBe(2000);
    last().close();
    expect(nextTryAfter()).toBe(4000);
    channel.close();
  });

  it("spreads pages over the whole window: with random 0.25, a quarter of it", () => {
    const { channel } = setUp(() => 0.25);
    last().close();
    last().close();
    expect(nextTryAfter()).toBe(250);
    last().close();
    expect(nextTryAfter()).toBe(500);
    channel.close();
  });

  it("counts failures until a channel has stayed open long enough to prove healthy", () => {
    const { channel, statuses } = setUp();
    last().close();
    nextTryAfter();
    // Open, then closed at once (a full server, one that is stopping): still failing.
    last().open();
    last().close();
    expect(statuses.at(-1)).toEqual(["waiting", { failures: 2, unopened: 0, retryAt: Date.now() + 2000 }]);
    expect(nextTryAfter()).toBe(2000);
    last().open();
    vi.advanceTimersByTime(HEALTHY_AFTER_MS);
    last().close();
    expect(statuses.at(-1)).toEqual(["waiting", { failures: 1, unopened: 0, retryAt: Date.now() + 1000 }]);
    expect(nextTryAfter()).toBe(1000);
    channel.close();
  });

  it("forgets the failures before a channel that stayed open until it fell silent", () => {
    const { channel, statuses } = setUp();
    last().close();
    nextTryAfter();
    last().close();
    nextTryAfter();
    // Open (longer than it takes to prove healthy), then silent (a phone gone into a tunnel):
    // given up, as the first failure since.
    last().open();
    vi.advanceTimersByTime(SILENT_AFTER_MS);
    expect(statuses.at(-1)).toEqual(["waiting", { failures: 1, unopened: 0, retryAt: Date.now() + 1000 }]);
    expect(nextTryAfter()).toBe(1000);
    channel.close();
  });

  it("keeps no timer to prove a channel healthy: an open channel's one timer is its watch for silence", () => {
    const { channel } = setUp();
    last().open();
    // A hidden page pays for every timer that fires (issue 63): health is read when a channel closes.
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(HEALTHY_AFTER_MS);
    last().receive('{"t":"hb"}');
    expect(vi.getTimerCount()).toBe(1);
    channel.close();
    expect(vi.getTimerCount()).toBe(0);
  });

  it("comes back within the window the server's goodbye asks for", () => {
    const { channel } = setUp(() => 0.5);
    last().open();
    vi.advanceTimersByTime(HEALTHY_AFTER_MS);
    last().receive('{"t":"bye","retryMs":5000,"reason":"The server is restarting."}');
    last().close(CLOSE.goingAway);
    expect(nextTryAfter()).toBe(2500);
    channel.close();
  });

  it("keeps to the goodbye's window while the server is not back: each refused try a window after the last", () => {
    const { channel } = setUp(() => 0.5);
    last().open();
    vi.advanceTimersByTime(HEALTHY_AFTER_MS);
    last().receive('{"t":"bye","retryMs":5000,"reason":"The server is restarting."}');
    last().close(CLOSE.goingAway);
    expect(nextTryAfter()).toBe(2500);
    // Refused (the server is not listening yet): not a fresh pause within a shorter window, but
    // the page's own beat, a window on.
    last().close(1006);
    expect(nextTryAfter()).toBe(5000);
    vi.advanceTimersByTime(30);
    last().close(1006);
    expect(nextTryAfter()).toBe(4970);
    // Open: the goodbye is done with; a later drop has the usual pauses.
    last().open();
    vi.advanceTimersByTime(HEALTHY_AFTER_MS);
    last().close(1006);
    expect(nextTryAfter()).toBe(500);
    channel.close();
  });

  it("waits longest after a close for a message the server will never take, longer after 'try later'", () => {
    const { channel } = setUp();
    last().open();
    last().close(CLOSE.malformed);
    expect(nextTryAfter()).toBe(30_000);
    last().open();
    vi.advanceTimersByTime(HEALTHY_AFTER_MS);
    last().close(CLOSE.tryLater);
    expect(nextTryAfter()).toBe(2000);
    // However long the channel was open before it.
    last().open();
    vi.advanceTimersByTime(HEALTHY_AFTER_MS);
    last().close(CLOSE.malformed);
    expect(nextTryAfter()).toBe(30_000);
    channel.close();
  });

  it("gives up an upgrade that never opens, and says how many tries never opened", () => {
    const { channel, statuses } = setUp();
    vi.advanceTimersByTime(9_999);
    expect(last().readyState).toBe(0);
    vi.advanceTimersByTime(1);
    expect(last().readyState).toBe(3);
    expect(statuses.at(-1)).toEqual(["waiting", { failures: 1, unopened: 1, retryAt: Date.now() + 1000 }]);
    nextTryAfter();
    last().close();
    expect(statuses.at(-1)).toEqual(["waiting", { failures: 2, unopened: 2, retryAt: Date.now() + 2000 }]);
    channel.close();
  });
});
