// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ChannelStatus } from "./channel";
import { BLOCKED_AFTER, type Connection, sendsLater, watchConnection } from "./connection";
import type { FollowedTopic } from "./topics";

/**
 * What a shared toy's page says about its connection (connection.ts), fed the channel's states as
 * the channel reports them, with the toy's HTTP address answered as the test says.
 */
let answer: (url: string) => Response | Promise<Response>;
const asked: string[] = [];

beforeEach(() => {
  asked.length = 0;
  vi.stubGlobal("fetch", async (url: string, init: RequestInit = {}) => {
    asked.push(`${init.method ?? "GET"} ${url}`);
    return answer(url);
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const staticHost404 = () =>
  new Response("<h1>Not found</h1>", { status: 404, headers: { "Content-Type": "text/html" } });
const api = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { "Content-Type": "application/json" } });

const busyAnswer = (status: number, error: string, retryAfterS: number) =>
  new Response(JSON.stringify({ error }), {
    status,
    headers: { "Content-Type": "application/json", "Retry-After": String(retryAfterS) },
  });

function setUp() {
  const said: [Connection, number | undefined][] = [];
  const reasons: (string | undefined)[] = [];
  const onBlocked = vi.fn();
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
    set: (next, retryAt, reason) => {
      connection = next;
      said.push([next, retryAt]);
      reasons.push(reason);
    },
    onBlocked,
  });
  /** Waits until the question over HTTP, if any, has its answer. */
  const answered = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { watch, said, reasons, onBlocked, topic, answered, now: () => connection };
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

  it("is not fooled by a proxy's error page: the site's server cannot be reached for a moment, the channel goes on trying", async () => {
    answer = () => new Response("<h1>502</h1>", { status: 502, headers: { "Content-Type": "text/html" } });
    const { watch, now, topic, answered } = setUp();
    watch("waiting", { failures: 1, unopened: 1 });
    await answered();
    expect(now()).toBe("unreachable");
    expect(topic.giveUp).not.toHaveBeenCalled();
  });

  it("tells a server that cannot be reached from being offline (issue 56: both read as offline)", async () => {
    answer = () => Promise.reject(new TypeError("Failed to fetch"));
    const online = setUp();
    online.watch("waiting", { failures: 1, unopened: 1 });
    await online.answered();
    expect(online.now()).toBe("unreachable");
    vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    const offline = setUp();
    offline.watch("waiting", { failures: 1, unopened: 1 });
    await offline.answered();
    expect(offline.now()).toBe("offline");
  });

  it("reads an HTTP 503 or 429 as busy, with the server's Retry-After, never as blocked (issue 56)", async () => {
    for (const status of [503, 429]) {
      answer = () => busyAnswer(status, "Very many people share this network right now.", 7);
      const { watch, said, topic, onBlocked, answered } = setUp();
      const before = Date.now();
      watch("waiting", { failures: 3, unopened: 3 });
      await answered();
      expect(said.at(-1)?.[0]).toBe("busy");
      expect(said.at(-1)?.[1]).toBeGreaterThanOrEqual(before + 7000);
      expect(topic.holdOff).toHaveBeenCalledWith(7000);
      expect(onBlocked).not.toHaveBeenCalled();
    }
  });

  it("asks the channel's own address before it says blocked: a server refusing channels there is busy (issue 56)", async () => {
    answer = (url) =>
      url === "/api/live" ? busyAnswer(503, "The site is very busy right now.", 12) : api({ cells: "" });
    const busy = setUp();
    for (let unopened = 1; unopened <= 1 + BLOCKED_AFTER; unopened++) {
      busy.watch("waiting", { failures: unopened, unopened });
      await busy.answered();
      await busy.answered();
    }
    expect(asked.slice(-2)).toEqual(["HEAD /api/wall", "GET /api/live"]);
    expect(busy.now()).toBe("busy");
    expect(busy.reasons.at(-1)).toBe("The site is very busy right now.");
    expect(busy.onBlocked).not.toHaveBeenCalled();
    // A server that would take the channel: then it is the network that blocks WebSockets, once
    // BLOCKED_AFTER tries have failed since it first answered.
    answer = (url) => (url === "/api/live" ? api({ ok: true }) : api({ cells: "" }));
    const blocked = setUp();
    for (let unopened = 1; unopened <= 1 + BLOCKED_AFTER; unopened++) {
      expect(blocked.now()).not.toBe("blocked");
      blocked.watch("waiting", { failures: unopened, unopened });
      await blocked.answered();
      await blocked.answered();
    }
    expect(blocked.now()).toBe("blocked");
    expect(blocked.onBlocked).toHaveBeenCalledTimes(1);
  });

  it("never says blocked for tries that failed while the server was away: killed, then started again (a paint was given back)", async () => {
    // Refused while the server is down; its tries fail for that, more of them than BLOCKED_AFTER.
    answer = () => Promise.reject(new TypeError("Failed to fetch"));
    const page = setUp();
    let unopened = 0;
    const tryFails = async () => {
      unopened++;
      page.watch("waiting", { failures: unopened, unopened });
      await page.answered();
      await page.answered();
    };
    for (let k = 0; k < BLOCKED_AFTER + 2; k++) await tryFails();
    expect(page.now()).toBe("unreachable");
    // Started again: it answers, and would take the channel. The next try may fail still (it was on
    // its way, or the server was not listening yet): the page waits, its paints with it.
    answer = (url) => (url === "/api/live" ? api({ ok: true }) : api({ cells: "" }));
    await tryFails();
    expect(page.now()).toBe("reconnecting");
    expect(page.onBlocked).not.toHaveBeenCalled();
    // The channel opens: a later run of failures counts from nothing again.
    page.watch("open", { failures: 0, unopened: 0 });
    unopened = 0;
    for (let k = 0; k < BLOCKED_AFTER; k++) await tryFails();
    expect(page.onBlocked).not.toHaveBeenCalled();
    await tryFails();
    expect(page.now()).toBe("blocked");
  });

  it("never says blocked when the tries failed before the server's first answer (the first question came late)", async () => {
    answer = (url) => (url === "/api/live" ? api({ ok: true }) : api({ cells: "" }));
    const page = setUp();
    // Three tries failed while a question was on its way, or before any was asked; the first
    // answer comes now, from a server that is there again.
    page.watch("waiting", { failures: BLOCKED_AFTER, unopened: BLOCKED_AFTER });
    await page.answered();
    await page.answered();
    expect(page.now()).toBe("reconnecting");
    expect(page.onBlocked).not.toHaveBeenCalled();
  });
});

it("sends what the visitor does now, or later, only while live, reconnecting or busy", () => {
  const states: Connection[] = [
    "connecting",
    "live",
    "reconnecting",
    "busy",
    "unreachable",
    "offline",
    "no-server",
    "blocked",
  ];
  expect(states.filter(sendsLater)).toEqual(["live", "reconnecting", "busy", "unreachable"]);
});
