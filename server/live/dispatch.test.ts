import * as v from "valibot";
import { afterEach, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { CLOSE, type Topic } from "../../contracts/live.ts";
import { toyDeps } from "../main.ts";
import { openBackends } from "../ops/backends.ts";
import { readConfig } from "../ops/config.ts";
import { createLogger } from "../ops/log.ts";
import { createMetrics } from "../ops/metrics.ts";
import { notingTopic, openChannel, serveLive } from "../test/in-process-live.ts";
import { makeSiteFixture } from "../test/site-fixture.ts";
import { until } from "../test/until.ts";
import { SHARED_TOYS } from "../toys/shared-toys.ts";
import { createBus } from "./bus.ts";
import type { TopicModule } from "./topic.ts";

/**
 * What a page sends meets its topic in one place (dispatch.ts), inside one fault boundary. On
 * 27fa28e one message, `{"topic":"bubbles","t":"constructor"}`, found Object.prototype's
 * function in the topic's table of message kinds, and the TypeError that followed was uncaught:
 * the process ended. These run the real channel, in this process, so a throw that escaped would
 * fail the run as it ended the server.
 */
const undo: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of undo.splice(0).reverse()) await step();
});

const serve = (topics: readonly TopicModule[]) => serveLive({ topics, maxPerAddress: 100, maxPerVisitor: 100 });

/** Every real topic of the server (server/toys/shared-toys.ts), on SQLite in a new folder. */
function realTopics() {
  const site = makeSiteFixture();
  const log = createLogger("error", () => {});
  const config = readConfig({ COUNTER_DATA_DIR: site.dataDir });
  const backends = openBackends({ dataDir: site.dataDir, deadlineMs: 1500, log });
  const bus = createBus(backends, log);
  const topics = SHARED_TOYS.map((toy) => toy(toyDeps({ backends, bus, log, metrics: createMetrics(), config })));
  undo.push(async () => {
    for (const topic of topics) await topic.stop();
    await bus.close();
    await backends.close();
    site.remove();
  });
  return topics;
}

async function open(url: string, topics: readonly Topic[]) {
  const page = await openChannel(url, `/api/live?topics=${topics.join(",")}`);
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    page.ws.on("close", (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  return { ws: page.ws, texts: page.texts, closed };
}

/** Every name a plain object answers to without having it: what a page may name to reach it. */
const INHERITED = [
  ...Object.getOwnPropertyNames(Object.prototype),
  ...Object.getOwnPropertyNames(Function.prototype),
  "prototype",
];

describe("a page's message", () => {
  it("never reaches a function a topic's table inherits: every real topic, every inherited name, closed 1008", async () => {
    const topics = realTopics();
    const { url } = await serve(topics);
    for (const { topic } of topics) {
      for (const t of INHERITED) {
        const page = await open(url, [topic]);
        page.ws.send(JSON.stringify({ topic, t }));
        expect(await page.closed, `${topic} ${t}`).toEqual({
          code: CLOSE.malformed,
          reason: "Not a message this topic knows",
        });
      }
    }
    // The server still takes a channel, and a message of a kind a topic has: a paint, answered.
    const page = await open(url, ["wall"]);
    page.ws.send(JSON.stringify({ topic: "wall", t: "paint", n: 1, id: "dispatch-test-1", cell: 7, e: 2 }));
    await until(() => page.texts.some((said) => said.t === "ok" || said.t === "no"));
    expect(page.texts.filter((said) => said.t === "ok" || said.t === "no")).toEqual([
      { topic: "wall", t: "ok", n: 1, cooldownMs: 3000 },
    ]);
    expect(page.ws.readyState).toBe(WebSocket.OPEN);
    page.ws.close();
  });

  it("closes only its own channel with 1011 when the topic fails on it, logged and counted; the process and the others go on", async () => {
    let calls = 0;
    const failing: TopicModule = {
      topic: "broken",
      messages: {
        throw: v.strictObject({ t: v.literal("throw") }),
        reject: v.strictObject({ t: v.literal("reject") }),
        fine: v.strictObject({ t: v.literal("fine") }),
      },
      join() {},
      leave() {},
      handle(_, message) {
        calls++;
        if (message.t === "throw") throw new Error("a bug in a topic");
        if (message.t === "reject") return Promise.reject(new Error("a bug after an await"));
      },
      stop: async () => {},
    };
    const { url, lines, metrics } = await serve([failing]);
    const bystander = await open(url, ["broken"]);
    for (const t of ["throw", "reject"]) {
      const page = await open(url, ["broken"]);
      page.ws.send(JSON.stringify({ topic: "broken", t }));
      expect(await page.closed).toEqual({ code: CLOSE.fault, reason: "The server failed on that message" });
    }
    bystander.ws.send(JSON.stringify({ topic: "broken", t: "fine" }));
    await until(() => calls === 3);
    expect(bystander.ws.readyState).toBe(WebSocket.OPEN);
    expect(lines.filter((line) => line.msg === "live message failed")).toEqual([
      expect.objectContaining({ level: "error", topic: "broken", stage: "handle" }),
      expect.objectContaining({ level: "error", topic: "broken", stage: "handle" }),
    ]);
    expect(await metrics.registry.metrics()).toContain('pointless_live_faults_total{topic="broken",stage="handle"} 2');
    bystander.ws.close();
  });

  it("closes with 1011 a channel whose topic fails to take it in, and the server goes on", async () => {
    const grumpy: TopicModule = {
      topic: "grumpy",
      join() {
        throw new Error("cannot join");
      },
      leave() {
        throw new Error("cannot leave either");
      },
      stop: async () => {},
    };
    const fine = notingTopic("fine", ["ping"]);
    const { url, metrics } = await serve([grumpy, fine.module]);
    const page = await open(url, ["grumpy"]);
    expect(await page.closed).toEqual({ code: CLOSE.fault, reason: "The server failed on that message" });
    const text = await metrics.registry.metrics();
    expect(text).toContain('pointless_live_faults_total{topic="grumpy",stage="join"} 1');
    await until(async () => (await metrics.registry.metrics()).includes('stage="leave"'));
    // The server goes on: another channel opens, is welcomed, and its message reaches its topic.
    const next = await open(url, ["fine"]);
    await until(() => next.texts.some((said) => said.t === "welcome"));
    next.ws.send(JSON.stringify({ topic: "fine", t: "ping", n: 1 }));
    await until(() => fine.handled.length === 1);
    expect(fine.handled.map(({ message }) => message)).toEqual([{ t: "ping", n: 1 }]);
    expect(next.ws.readyState).toBe(WebSocket.OPEN);
    next.ws.close();
  });
});
