import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { nextTask } from "../../kit/lib/next-task";
import type { TopicHandlers } from "../../kit/live/topics";

/**
 * The crowd's page side (crowd.ts) against a channel of the test's making: what the page puts in
 * its outbox, and what it leaves behind when it goes.
 */
const sent: unknown[] = [];
let handlers: TopicHandlers | null = null;
vi.mock("../../kit/live/follow-later", () => ({
  followTopicLater: (_topic: string, topicHandlers: TopicHandlers) => {
    handlers = topicHandlers;
    return { send: () => true, status: "open", holdOff() {}, leave() {} };
  },
}));
vi.mock("../../kit/live/outbox", () => ({
  createOutbox: () => ({
    add: (item: unknown) => sent.push(item),
    confirm() {},
    refuse: () => [],
    resend() {},
    unconfirmed: () => [],
    clear() {},
    stop() {},
  }),
}));
vi.mock("../../kit/sound/sound", () => ({ playNoise() {} }));
vi.mock("../../kit/sound/mute", () => ({ isMuted: () => true }));

beforeEach(() => {
  vi.useFakeTimers();
  sent.length = 0;
});
afterEach(() => {
  vi.useRealTimers();
});

/** The crowd's start runs in the task after the first subscriber's (app/kit/live/live-store.ts). */
const started = () => new Promise<void>((resolve) => nextTask(resolve));

it("seals claps made before the crowd arrived when it does, and leaves no timer behind when the page goes", async () => {
  const { clapWithCrowd, subscribeCrowd } = await import("./crowd");
  const leave = subscribeCrowd(() => {});
  await started();
  // Claps while the page finds the crowd: they wait to be sealed into a batch.
  for (let i = 0; i < 3; i++) clapWithCrowd();
  // The crowd arrives: the waiting claps go at once, not a timer's wait later.
  handlers?.onMessage({ topic: "claps", t: "crowd", total: 10, clapping: 0 });
  expect(sent).toEqual([expect.objectContaining({ batch: 1, count: 3 })]);
  leave();
  // The seal they had been waiting for went with them: nothing fires after the page has gone.
  expect(vi.getTimerCount()).toBe(0);
});

it("takes the total of data begun again (the server's store lost its claps) rather than keeping the larger old one", async () => {
  const { subscribeCrowd, getCrowd: crowdNow } = await import("./crowd");
  const leave = subscribeCrowd(() => {});
  await started();
  handlers?.onMessage({ topic: "claps", t: "crowd", total: 5000, clapping: 0, gen: "first-da" });
  expect(crowdNow().total).toBe(5000);
  // Of the same data, a smaller total is an older one: kept out.
  handlers?.onMessage({ topic: "claps", t: "crowd", total: 4000, clapping: 0, gen: "first-da" });
  expect(crowdNow().total).toBe(5000);
  handlers?.onMessage({ topic: "claps", t: "crowd", total: 12, clapping: 0, gen: "second-d" });
  expect(crowdNow().total).toBe(12);
  leave();
});

it("keeps every clap made while the crowd is away, however many, and counts them all as the page's own", async () => {
  vi.resetModules();
  const { clapWithCrowd, subscribeCrowd, getCrowd: crowdNow } = await import("./crowd");
  const leave = subscribeCrowd(() => {});
  await started();
  // A long wait for the crowd (a busy site, a server away): a visitor who claps on and on.
  for (let i = 0; i < 1000; i++) clapWithCrowd();
  expect(crowdNow().mine).toBe(1000);
  expect(crowdNow().notice).toBeNull();
  leave();
});
