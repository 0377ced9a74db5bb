// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ChannelStatus } from "./channel";
import { type Connection, sendsLater, watchConnection } from "./connection";
import type { FollowedTopic } from "./topics";

/**
 * What a shared toy's page says about its connection (connection.ts), fed the channel's states as
 * the channel reports them, with the toy's HTTP address answered as the test says.
 */
let answer: () => Response | Promise<Response>;
const asked: string[] = [];

beforeEach(() => {
  asked.length = 0;
  vi.stubGlobal("fetch", async (url: string, init: RequestInit = {}) => {
    asked.push(`${init.method ?? "GET"} ${url}`);
    return answer();
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const staticHost404 = () =>
  new Response("<h1>Not found</h1>", { status: 404, headers: { "Content-Type": "text/html" } });
const api = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { "Content-Type": "application/json" } });

function setUp() {
  const said: [Connection, number | undefined][] = [];
  let connection: Connection = "connecting";
  const topic = {
    status: "waiting" as ChannelStatus,
    send: vi.fn(() => false),
    holdOff: vi.fn(),
    leave: vi.fn(),
    giveUp: vi.fn(),
  } satisfies FollowedTopic;
  const watch = watchConnection({
    topic: () => topic,
    probePath: "/api/wall",
    wantsBody: () => false,
    current: () => connection,
    set: (next, retryAt) => {
      connection = next;
      said.push([next, retryAt]);
    },
  });
  /** Waits until the question over HTTP, if any, has its answer. */
  const answered = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { watch, said, topic, answered, now: () => connection };
}

describe("what the page says about its connection", () => {
  it("says the site is busy, and when it tries again, without asking the server anything", async () => {
    const { watch, said, answered } = setUp();
    watch("busy", { failures: 0, unopened: 0, retryAt: 1_750_000_012_000 });
    await answered();
    expect(said).toEqual([["busy", 1_750_000_012_000]]);
    expect(asked).toEqual([]);
  });

  it("says 'reconnecting' when a try after a busy wait fails on the way", async () => {
    answer = () => api({ cells: "" });
    const { watch, now, answered } = setUp();
    watch("busy", { failures: 0, unopened: 0, retryAt: 1 });
    watch("connecting", { failures: 0, unopened: 0 });
    watch("waiting", { failures: 1, unopened: 1 });
    await answered();
    expect(now()).toBe("reconnecting");
  });

  it("on a static host (the probe's 404 page), gives the channel up for the page: asked once, never again", async () => {
    answer = staticHost404;
    const { watch, said, topic, answered } = setUp();
    watch("waiting", { failures: 1, unopened: 1 });
    await answered();
    expect(said.at(-1)).toEqual(["no-server", undefined]);
    expect(topic.giveUp).toHaveBeenCalledTimes(1);
    expect(asked).toEqual(["HEAD /api/wall"]);
  });

  it("says 'no server here' when the channel was given up by another topic of the page", () => {
    const { watch, said } = setUp();
    watch("stopped", { failures: 1, unopened: 1 });
    expect(said).toEqual([["no-server", undefined]]);
  });

  it("is not fooled by a proxy's error page: a server away for a moment, the channel goes on trying", async () => {
    answer = () => new Response("<h1>502</h1>", { status: 502, headers: { "Content-Type": "text/html" } });
    const { watch, now, topic, answered } = setUp();
    watch("waiting", { failures: 1, unopened: 1 });
    await answered();
    expect(now()).toBe("reconnecting");
    expect(topic.giveUp).not.toHaveBeenCalled();
  });
});

it("sends what the visitor does now, or later, only while live, reconnecting or busy", () => {
  const states: Connection[] = ["connecting", "live", "reconnecting", "busy", "offline", "no-server", "blocked"];
  expect(states.filter(sendsLater)).toEqual(["live", "reconnecting", "busy"]);
});
