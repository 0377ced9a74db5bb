import { afterEach, describe, expect, it } from "vitest";
import { decodeSheet } from "../../contracts/bubbles.ts";
import { clicksToy } from "../clicks/toy.ts";
import { createBus } from "../live/bus.ts";
import type { TopicModule } from "../live/topic.ts";
import type { ToyDeps } from "../live/toy.ts";
import { toyDeps } from "../main.ts";
import { openBackends } from "../ops/backends.ts";
import { readConfig } from "../ops/config.ts";
import { createLogger } from "../ops/log.ts";
import { createMetrics } from "../ops/metrics.ts";
import { StoreUnavailable } from "../ops/store-guard.ts";
import { testPeer } from "../test/peer.ts";
import { makeSiteFixture } from "../test/site-fixture.ts";
import { until } from "../test/until.ts";
import { SHARED_TOYS } from "./shared-toys.ts";

/**
 * Every shared toy as the server builds it (server/toys/shared-toys.ts), on SQLite, stopping as a
 * restart stops it: what it took before the stop is written and answered before its stop
 * resolves (the channels close after that), and what comes after is answered "later", never
 * left without an answer.
 */
const quiet = createLogger("error", () => {});
type Visitor = ReturnType<typeof testPeer>;

const cleanUps: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanUp of cleanUps.splice(0).reverse()) await cleanUp();
});

/** What the server gives each toy, on SQLite; the store answers nothing until `readyAt` if given. */
function depsOnSqlite({ readyAt = 0 } = {}): ToyDeps {
  const site = makeSiteFixture();
  const config = readConfig({ COUNTER_DATA_DIR: site.dataDir, BUBBLES_SHEET_SIZE: "1000" });
  const opened = openBackends({ dataDir: site.dataDir, deadlineMs: 1500, log: quiet });
  const backends = {
    ...opened,
    sqlite: () => {
      if (Date.now() < readyAt) throw new StoreUnavailable("not there yet");
      return opened.sqlite();
    },
  };
  const bus = createBus(backends, quiet);
  cleanUps.push(async () => {
    await bus.close();
    await backends.close();
    site.remove();
  });
  return toyDeps({ backends, bus, log: quiet, metrics: createMetrics(), config });
}

/** Each topic: when a visitor has its state, and the k-th visitor's request (number n) on it. */
const requests: Record<
  string,
  { ready: (v: Visitor) => boolean; request: (v: Visitor, k: number, n: number) => object }
> = {
  bubbles: {
    ready: (v) => v.binaries.length > 0,
    request: (v, k, n) => ({ t: "pop", n, sheet: decodeSheet(v.binaries.at(-1) as Uint8Array)?.sheet, i: [k] }),
  },
  claps: {
    ready: (v) => v.texts.some((m) => m.t === "crowd"),
    request: (_, k, n) => ({ t: "clap", n, page: `stopping-page-${k}-aaaaaaaa`, batch: n, count: 3 }),
  },
  polls: {
    ready: (v) => v.texts.some((m) => m.t === "tallies"),
    request: (_, k, n) => ({ t: "vote", n, q: k % 5, a: 1, device: `stopping-device-${k}-aaaaaaaa` }),
  },
  wall: {
    ready: (v) => v.texts.some((m) => m.t === "wall"),
    request: (_, k, n) => ({ t: "paint", n, id: `stopping-paint-${k}-${n}`, cell: k, e: 1 }),
  },
};

/**
 * The toys pages act on: every shared toy but the Useless Button's total, which pages only hear
 * (its clicks go over HTTP, server/clicks/routes.ts).
 */
const ACTED_ON = SHARED_TOYS.filter((toy) => toy !== clicksToy);

it("knows a request for every toy pages act on", () => {
  for (const toy of ACTED_ON) {
    const topic = toy(depsOnSqlite());
    cleanUps.push(() => topic.stop());
    expect(topic.messages, topic.topic).toBeDefined();
    expect(requests[topic.topic], topic.topic).toBeDefined();
  }
  const clicks = clicksToy(depsOnSqlite());
  cleanUps.push(() => clicks.stop());
  expect(clicks.messages).toBeUndefined();
});

describe.each(ACTED_ON.map((toy) => [toy.name, toy] as const))("%s starting", (_, toy) => {
  it("gives its visitors its state within a second or two of its store answering, not at its next check", async () => {
    // A process started while its store does not answer yet (Redis still connecting): its first
    // reads fail, and nothing else asks until its periodic check, 10 or 30 s away.
    const topic: TopicModule = toy(depsOnSqlite({ readyAt: Date.now() + 300 }));
    cleanUps.push(() => topic.stop());
    const asks = requests[topic.topic];
    if (!asks) throw new Error(`no request of the test's for the topic ${topic.topic}`);
    const visitor = testPeer("198.51.100.50");
    topic.join(visitor);
    await until(() => asks.ready(visitor), 3000);
  });
});

describe.each(ACTED_ON.map((toy) => [toy.name, toy] as const))("%s stopping", (_, toy) => {
  it("answers every request it took before its stop resolves, and one after it with a retry", async () => {
    const topic: TopicModule = toy(depsOnSqlite());
    const asks = requests[topic.topic];
    if (!asks) throw new Error(`no request of the test's for the topic ${topic.topic}`);
    // Each visitor from its own address, within every limit.
    const visitors = Array.from({ length: 6 }, (_, k) => testPeer(`198.51.100.${k + 1}`));
    for (const visitor of visitors) topic.join(visitor);
    await until(() => visitors.every(asks.ready));
    for (const [k, visitor] of visitors.entries()) {
      topic.handle?.(visitor, asks.request(visitor, k, 1) as { t: string });
    }
    // The stop begins while their checks (the rate limits) are under way.
    await topic.stop();
    for (const [k, visitor] of visitors.entries()) {
      expect(
        visitor.texts.filter((m) => m.n === 1),
        `visitor ${k} on ${topic.topic}`,
      ).toEqual([expect.objectContaining({ t: "ok", n: 1 })]);
    }
    // A request once it stopped (a page whose upgrade ended after the stop began), from a visitor
    // of its own: within every limit.
    const late = testPeer("198.51.100.99");
    topic.handle?.(late, asks.request(visitors[0] as Visitor, 9, 2) as { t: string });
    await until(() => late.texts.some((m) => m.n === 2));
    expect(late.texts.filter((m) => m.n === 2)).toEqual([
      expect.objectContaining({ t: "no", n: 2, error: expect.stringMatching(/restarting/), retryMs: 2000 }),
    ]);
  });
});
