// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CLOSE, HEALTHY_AFTER_MS } from "../../../contracts/live";
import { type ChannelAttempts, type ChannelStatus, openChannel } from "./channel";

/** A WebSocket the test drives: it opens, speaks and drops when told. */
class FakeSocket {
  static all: FakeSocket[] = [];
  static OPEN = 1;
  readyState = 0;
  binaryType = "blob";
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(text: string) {
    this.sent.push(text);
  }
  close(code = 1005) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
  /** Opens, and the server answers the join (`joined`), unless `answered` is false (a busy server's). */
  open(answered = true) {
    this.readyState = 1;
    this.onopen?.();
    if (answered) this.onmessage?.({ data: '{"t":"joined"}' });
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

/** `random` 1 makes every pause the whole window, so a test can tell the window. */
function setUp(random = () => 1) {
  const statuses: [ChannelStatus, ChannelAttempts][] = [];
  const texts: string[] = [];
  const binaries: ArrayBuffer[] = [];
  const visitors: string[] = [];
  let resume = "";
  const channel = openChannel({
    url: () => `/api/live?since=${resume}`,
    onText: (text) => texts.push(text),
    onBinary: (data) => binaries.push(data),
    onVisitor: (token) => visitors.push(token),
    onStatus: (status, attempts) => statuses.push([status, { ...attempts }]),
    silentMs: 25_000,
    connectTimeoutMs: 10_000,
    random,
  });
  return { channel, statuses, texts, binaries, visitors, setResume: (value: string) => (resume = value) };
}

/** How long until the next try: the pause the channel chose after its last drop. */
function nextTryAfter(): number {
  const before = FakeSocket.all.length;
  for (let ms = 10; ms <= 120_000; ms += 10) {
    vi.advanceTimersByTime(10);
    if (FakeSocket.all.length > before) return ms;
  }
  throw new Error("no next try");
}

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
