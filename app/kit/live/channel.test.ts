// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type ChannelStatus, openChannel } from "./channel";

/** A WebSocket the test drives: it opens, speaks and drops when told. */
class FakeSocket {
  static all: FakeSocket[] = [];
  static OPEN = 1;
  readyState = 0;
  binaryType = "blob";
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(text: string) {
    this.sent.push(text);
  }
  close() {
    this.readyState = 3;
    this.onclose?.();
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  receive(data: unknown) {
    this.onmessage?.({ data });
  }
}

const last = () => FakeSocket.all.at(-1) as FakeSocket;

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.all = [];
  vi.stubGlobal("WebSocket", FakeSocket);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function setUp() {
  const statuses: ChannelStatus[] = [];
  const texts: string[] = [];
  const binaries: ArrayBuffer[] = [];
  let resume = "";
  const channel = openChannel({
    url: () => `/api/live?since=${resume}`,
    onText: (text) => texts.push(text),
    onBinary: (data) => binaries.push(data),
    onStatus: (status) => statuses.push(status),
    silentMs: 10_000,
    random: () => 0,
  });
  return { channel, statuses, texts, binaries, setResume: (value: string) => (resume = value) };
}

describe("the live channel", () => {
  it("opens a WebSocket on the page's own origin, and passes text and binary messages on", () => {
    const { channel, statuses, texts, binaries } = setUp();
    expect(last().url).toBe("ws://localhost:3000/api/live?since=");
    expect(last().binaryType).toBe("arraybuffer");
    expect(channel.send("early")).toBe(false);
    last().open();
    expect(statuses).toEqual(["connecting", "open"]);
    last().receive('{"t":"tick"}');
    last().receive(new ArrayBuffer(4));
    expect(texts).toEqual(['{"t":"tick"}']);
    expect(binaries).toHaveLength(1);
    expect(channel.send("hello")).toBe(true);
    expect(last().sent).toEqual(["hello"]);
    channel.close();
  });

  it("opens again after a drop, with growing pauses, asking for the address each time", () => {
    const { channel, statuses, setResume } = setUp();
    last().close();
    expect(statuses.at(-1)).toBe("waiting");
    setResume("7.42");
    vi.advanceTimersByTime(999);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(2);
    expect(last().url).toBe("ws://localhost:3000/api/live?since=7.42");
    last().close();
    vi.advanceTimersByTime(1999);
    expect(FakeSocket.all).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(3);
    // Once open, the pauses start small again.
    last().open();
    last().close();
    vi.advanceTimersByTime(1000);
    expect(FakeSocket.all).toHaveLength(4);
    channel.close();
  });

  it("takes a channel silent for too long for dead, and opens another", () => {
    const { channel } = setUp();
    last().open();
    vi.advanceTimersByTime(9000);
    last().receive("{}");
    vi.advanceTimersByTime(9000);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1000);
    expect(last().readyState).toBe(3);
    vi.advanceTimersByTime(1000);
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
    vi.advanceTimersByTime(10_000);
    expect(last().readyState).toBe(2);
    vi.advanceTimersByTime(1000);
    expect(FakeSocket.all).toHaveLength(2);
    channel.close();
  });

  it("waits for the browser to be online before trying again", () => {
    const { channel, statuses } = setUp();
    const onLine = vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    last().close();
    expect(statuses.at(-1)).toBe("offline");
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
    onLine.mockReturnValue(true);
    window.dispatchEvent(new Event("online"));
    expect(FakeSocket.all).toHaveLength(2);
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
