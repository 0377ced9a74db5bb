// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { nextTask } from "../lib/next-task";

/**
 * The topics of a page on its one channel (topics.ts), on a WebSocket the test drives: the visitor
 * token the server gives is kept for every tab and named on every try; a site with no server is
 * given up for the page.
 */
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
  constructor(
    readonly url: string,
    readonly protocols: string[] = [],
  ) {
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
/** The token a try names: among its subprotocols, never in its URL (a proxy's log would keep it). */
const visitorOf = (socket: FakeSocket) => {
  expect(socket.url).not.toContain("visitor");
  return socket.protocols.find((p) => p.startsWith("visitor."))?.slice("visitor.".length) ?? null;
};
const TOKEN = "v1.abcdefghijklmnopqrstuvwxyz.0123456789_-";

beforeEach(() => {
  vi.useFakeTimers();
  vi.resetModules();
  FakeSocket.all = [];
  vi.stubGlobal("WebSocket", FakeSocket);
  localStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Follows `topic` on a fresh copy of topics.ts, its channel opened. */
async function follow(topic = "wall") {
  const { followTopic } = await import("./topics");
  const heard: unknown[] = [];
  const followed = followTopic(topic, { onMessage: (message) => heard.push(message) });
  await new Promise<void>((resolve) => nextTask(resolve));
  return { followed, heard };
}

describe("the visitor token", () => {
  it("is kept as the server gives it, for every tab, and named on the next try", async () => {
    const { followed, heard } = await follow();
    expect(visitorOf(last())).toBeNull();
    last().open();
    last().receive(JSON.stringify({ t: "visitor", token: TOKEN }));
    expect(localStorage.getItem("visitorToken")).toBe(TOKEN);
    // The channel's own: no topic hears it.
    expect(heard).toEqual([]);
    last().close(1006);
    vi.advanceTimersByTime(2000);
    expect(FakeSocket.all).toHaveLength(2);
    expect(visitorOf(last())).toBe(TOKEN);
    followed.leave();
  });

  it("is named by a page that opens after another tab was given it", async () => {
    localStorage.setItem("visitorToken", TOKEN);
    const { followed } = await follow();
    expect(visitorOf(last())).toBe(TOKEN);
    followed.leave();
  });

  it("is read back untrusted: what storage holds is named only when it has the token's form", async () => {
    for (const stored of [
      "",
      "short",
      "has spaces in it and more",
      `${"x".repeat(201)}`,
      "<script>alert(1)</script>xx",
    ]) {
      vi.resetModules();
      localStorage.setItem("visitorToken", stored);
      const { followed } = await follow();
      expect(visitorOf(last()), stored).toBeNull();
      followed.leave();
      await new Promise<void>((resolve) => nextTask(resolve));
    }
  });

  it("keeps the token it has when the server sends one not of the token's form", async () => {
    localStorage.setItem("visitorToken", TOKEN);
    const { followed } = await follow();
    last().open();
    last().receive(JSON.stringify({ t: "visitor", token: "no good" }));
    expect(localStorage.getItem("visitorToken")).toBe(TOKEN);
    followed.leave();
  });

  it("never throws where storage does", async () => {
    vi.spyOn(Storage.prototype, "getItem").mockImplementation(() => {
      throw new Error("SecurityError");
    });
    vi.spyOn(Storage.prototype, "setItem").mockImplementation(() => {
      throw new Error("QuotaExceededError");
    });
    const { followed } = await follow();
    expect(visitorOf(last())).toBeNull();
    last().open();
    expect(() => last().receive(JSON.stringify({ t: "visitor", token: TOKEN }))).not.toThrow();
    followed.leave();
  });
});

describe("a site with no server", () => {
  it("is given up for the page: the channel closes, no try follows, and every topic hears it", async () => {
    const { followTopic } = await import("./topics");
    const statuses: [string, string][] = [];
    const wall = followTopic("wall", {
      onMessage() {},
      onStatus: (status) => statuses.push(["wall", status]),
    });
    const claps = followTopic("claps", {
      onMessage() {},
      onStatus: (status) => statuses.push(["claps", status]),
    });
    await new Promise<void>((resolve) => nextTask(resolve));
    expect(FakeSocket.all).toHaveLength(1);
    last().close(1006);
    wall.giveUp();
    expect(statuses.filter(([, status]) => status === "stopped")).toEqual([
      ["wall", "stopped"],
      ["claps", "stopped"],
    ]);
    vi.advanceTimersByTime(60 * 60_000);
    expect(FakeSocket.all).toHaveLength(1);
    // Another topic followed on the same page (a visit to another shared toy) tries nothing either.
    claps.leave();
    const polls = followTopic("polls", { onMessage() {} });
    await new Promise<void>((resolve) => nextTask(resolve));
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
    wall.leave();
    polls.leave();
  });
});
