// @vitest-environment jsdom
import { describe, expect, it, vi } from "vitest";
import { FakeSocket, last, nextTryAfter, setUp, withFakeSockets } from "./channel-test-kit";

withFakeSockets();

describe("the live channel", () => {
  it("opens a WebSocket on the page's own origin, passes messages on, and keeps its heartbeat and goodbye to itself", () => {
    const { channel, statuses, texts, binaries } = setUp();
    expect(last().url).toBe("ws://localhost:3000/api/live?since=");
    expect(last().binaryType).toBe("arraybuffer");
    expect(channel.send("early")).toBe(false);
    last().open();
    expect(statuses.map(([status]) => status)).toEqual(["connecting", "open"]);
    last().receive('{"t":"tick"}');
    last().receive('{"t":"hb"}');
    last().receive('{"t":"bye","retryMs":5000,"reason":"The server is restarting."}');
    last().receive(new ArrayBuffer(4));
    expect(texts).toEqual(['{"t":"tick"}']);
    expect(binaries).toHaveLength(1);
    expect(channel.send("hello")).toBe(true);
    expect(last().sent).toEqual(["hello"]);
    channel.close();
  });

  it("takes a channel silent for too long for dead, while the server's heartbeat keeps a quiet one alive", () => {
    const { channel } = setUp();
    last().open();
    for (let k = 0; k < 6; k++) {
      vi.advanceTimersByTime(10_000);
      last().receive('{"t":"hb"}');
    }
    expect(FakeSocket.all).toHaveLength(1);
    expect(last().readyState).toBe(1);
    vi.advanceTimersByTime(25_000);
    expect(last().readyState).toBe(3);
    nextTryAfter();
    expect(FakeSocket.all).toHaveLength(2);
    channel.close();
  });

  it("does not wait for a dead connection's close to finish before opening another", () => {
    const { channel } = setUp();
    last().open();
    // The network is gone: the closing handshake never gets its answer, so no close event comes.
    last().close = function () {
      this.readyState = 2;
    };
    vi.advanceTimersByTime(25_000);
    expect(last().readyState).toBe(2);
    nextTryAfter();
    expect(FakeSocket.all).toHaveLength(2);
    channel.close();
  });

  it("holds off a try when the server said so over HTTP", () => {
    const { channel } = setUp();
    last().close();
    channel.holdOff(8000);
    expect(nextTryAfter()).toBe(8000);
    channel.close();
  });

  it("waits for the browser to be online before trying again", () => {
    const { channel, statuses } = setUp();
    const onLine = vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    last().close();
    expect(statuses.at(-1)?.[0]).toBe("offline");
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
    onLine.mockReturnValue(true);
    window.dispatchEvent(new Event("online"));
    expect(FakeSocket.all).toHaveLength(2);
    channel.close();
  });

  it("hands the visitor token the server sends to the page, never to the topics", () => {
    const { channel, texts, visitors } = setUp();
    last().open();
    last().receive('{"t":"visitor","token":"abcdefghijklmnop.qrstuv"}');
    expect(visitors).toEqual(["abcdefghijklmnop.qrstuv"]);
    expect(texts).toEqual([]);
    // A token of no use (not a string): nothing to keep, and still not a topic's.
    last().receive('{"t":"visitor","token":42}');
    last().receive('{"t":"visitor"');
    expect(visitors).toEqual(["abcdefghijklmnop.qrstuv"]);
    expect(texts).toEqual([]);
    channel.close();
  });

  it("stops for good when closed", () => {
    const { channel } = setUp();
    last().open();
    channel.close();
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
  });
});
