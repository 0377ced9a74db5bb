// The live channel's tests share these (channel.test.ts, channel-retry.test.ts,
// channel-busy.test.ts): a WebSocket the test drives, a channel on it, and the pause it chose.
import { afterEach, beforeEach, vi } from "vitest";
import { type ChannelAttempts, type ChannelStatus, openChannel } from "./channel";

/** A WebSocket the test drives: it opens, speaks and drops when told. */
export class FakeSocket {
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

export const last = () => FakeSocket.all.at(-1) as FakeSocket;

/** Each test of the calling file on fake timers, with FakeSocket for WebSocket. */
export function withFakeSockets() {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.all = [];
    vi.stubGlobal("WebSocket", FakeSocket);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
}

/** `random` 1 makes every pause the whole window, so a test can tell the window. */
export function setUp(random = () => 1) {
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
export function nextTryAfter(): number {
  const before = FakeSocket.all.length;
  for (let ms = 10; ms <= 120_000; ms += 10) {
    vi.advanceTimersByTime(10);
    if (FakeSocket.all.length > before) return ms;
  }
  throw new Error("no next try");
}
