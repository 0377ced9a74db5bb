import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { CLOSE } from "../../contracts/live.ts";
import type { Logger } from "../ops/log.ts";
import { createChannelVisitor, visitorKey } from "./channel-visitor.ts";
import type { PageChannel } from "./dispatch.ts";
import type { Peer } from "./peer.ts";
import type { VisitorTokens } from "./visitor.ts";

/**
 * Who a channel's page is, and what its messages do until that is known (channel-visitor.ts), with
 * the channel, the tokens and the counts as the test's: sockets.test.ts and limit-keys.test.ts
 * check the same through a real channel.
 */
const silent: Logger = { debug() {}, info() {}, warn() {}, error() {} } as unknown as Logger;

function setUp(tokens: Partial<VisitorTokens> = {}, open = new Map<string, number>()) {
  const dispatched: string[] = [];
  const answered: Record<string, unknown>[] = [];
  const sentTokens: string[] = [];
  const refusals: string[] = [];
  const closes: number[] = [];
  const peer = { sendJson: (message: Record<string, unknown>) => answered.push(message) } as unknown as Peer;
  const channel: PageChannel = {
    following: new Map([["bubbles", { peer, allowed: () => true }]]),
    allowed: () => true,
    close: (code) => void closes.push(code),
  };
  const visitors: VisitorTokens = {
    read: async () => null,
    mint: async () => ({ id: "new", token: "token-new" }),
    ...tokens,
  };
  const identity = createChannelVisitor({
    channel,
    keys: ["192.0.2.1"],
    visitors,
    maxPerVisitor: 2,
    openUnder: (key) => open.get(key) ?? 0,
    count: (key, by) => open.set(key, (open.get(key) ?? 0) + by),
    sendToken: (message) => sentTokens.push(message.token),
    dispatch: (data) => dispatched.push(String(data)),
    refused: (reason) => refusals.push(reason),
    isOpen: () => closes.length === 0,
    log: silent,
  });
  return { identity, dispatched, answered, sentTokens, refusals, closes, open };
}

const text = (message: object) => Buffer.from(JSON.stringify(message));
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => vi.useRealTimers());
afterEach(() => vi.useRealTimers());

it("keeps what the page sends until it knows who the page is, then hands it on in order", async () => {
  let vouch: (read: { id: string }) => void = () => {};
  const { identity, dispatched, open } = setUp({ read: () => new Promise((resolve) => (vouch = resolve)) });
  void identity.identify("a-token-of-ours");
  identity.receive(text({ topic: "bubbles", t: "pop", n: 1 }), false);
  identity.receive(text({ topic: "bubbles", t: "pop", n: 2 }), false);
  expect(dispatched).toEqual([]);
  vouch({ id: "known" });
  await settle();
  expect(identity.id()).toBe("known");
  expect(dispatched.map((d) => JSON.parse(d).n)).toEqual([1, 2]);
  expect(open.get(visitorKey("known"))).toBe(1);
  identity.receive(text({ topic: "bubbles", t: "pop", n: 3 }), false);
  expect(dispatched).toHaveLength(3);
  identity.closed();
  expect(open.get(visitorKey("known"))).toBe(0);
});

it("closes a channel that sends more than a few messages before it is known", () => {
  const { identity, dispatched, closes } = setUp({ read: () => new Promise(() => {}) });
  void identity.identify(null);
  for (let n = 1; n <= 16; n++) identity.receive(text({ topic: "bubbles", t: "pop", n }), false);
  expect(closes).toEqual([]);
  identity.receive(text({ topic: "bubbles", t: "pop", n: 17 }), false);
  expect(closes).toEqual([CLOSE.malformed]);
  expect(dispatched).toEqual([]);
});

it("mints a new visitor for a token open on too many channels, and tells the page its token", async () => {
  const open = new Map([[visitorKey("busy"), 2]]);
  const { identity, sentTokens, refusals } = setUp({ read: async () => ({ id: "busy" }) }, open);
  await identity.identify("a-token-open-twice");
  expect(refusals).toEqual(["visitor-replayed"]);
  expect(identity.id()).toBe("new");
  expect(sentTokens).toEqual(["token-new"]);
  expect(open.get(visitorKey("new"))).toBe(1);
});

it("while the mint is refused, answers each request 'no' with when to come back, passes the rest on, and tries again then", async () => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
  const mint = vi
    .fn<VisitorTokens["mint"]>()
    .mockResolvedValueOnce({ waitMs: 5000 })
    .mockResolvedValue({ id: "later", token: "token-later" });
  const { identity, answered, dispatched, refusals, sentTokens } = setUp({ mint });
  await identity.identify(null);
  expect(refusals).toEqual(["mint"]);
  expect(identity.id()).toBeNull();
  identity.receive(text({ topic: "bubbles", t: "pop", n: 7 }), false);
  expect(answered).toEqual([{ t: "no", n: 7, error: "The site is very busy: it takes this in 5 s.", retryMs: 5000 }]);
  // Not a request (no number): nothing to answer, so its topic sees it (and judges it).
  identity.receive(text({ topic: "bubbles", t: "hello" }), false);
  expect(dispatched).toHaveLength(1);
  await vi.advanceTimersByTimeAsync(5000);
  expect(identity.id()).toBe("later");
  expect(sentTokens).toEqual(["token-later"]);
});

it("tries no more once the channel has closed", async () => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
  const mint = vi.fn<VisitorTokens["mint"]>().mockResolvedValue({ waitMs: 1000 });
  const { identity } = setUp({ mint });
  await identity.identify(null);
  identity.closed();
  await vi.advanceTimersByTimeAsync(5000);
  expect(mint).toHaveBeenCalledTimes(1);
});
