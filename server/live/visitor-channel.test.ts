import { describe, expect, it } from "vitest";
import { liveProtocols, VISITOR_TOKEN_PATTERN } from "../../contracts/live.ts";
import { allow, notingTopic, openChannel, serveLive, testSecret } from "../test/in-process-live.ts";
import { until } from "../test/until.ts";
import { createVisitorTokens } from "./visitor.ts";

/**
 * The channel vouches for each page (sockets.ts, visitor.ts): the token the page names when it is
 * ours and not open on too many channels, else a new one sent on the channel; and while it cannot
 * mint one, it answers the page's requests itself, never its topics.
 */
async function serve({ mintWaitMs = () => 0 }: { mintWaitMs?: () => number } = {}) {
  const wall = notingTopic("wall", ["paint", "sync"]);
  const served = await serveLive({
    topics: [wall.module],
    maxPerVisitor: 2,
    visitors: createVisitorTokens({ secret: testSecret, mintLimit: { take: async () => mintWaitMs() } }),
  });
  const page = async (token?: string) => {
    return openChannel(served.url, "/api/live?topics=wall", {}, liveProtocols(token));
  };
  return { ...served, wall, page };
}

const tokenOf = (texts: { t: string; token?: unknown }[]) => texts.find((m) => m.t === "visitor")?.token as string;

describe("the visitor a channel is", () => {
  it("is a new one, sent to the page, when it names none; the same one, unsaid, when it names its token", async () => {
    const { wall, page } = await serve();
    const first = await page();
    await until(() => tokenOf(first.texts) !== undefined);
    const token = tokenOf(first.texts);
    expect(token).toMatch(VISITOR_TOKEN_PATTERN);
    first.ws.send(JSON.stringify({ topic: "wall", t: "sync" }));
    await until(() => wall.handled.length === 1);
    const again = await page(token);
    again.ws.send(JSON.stringify({ topic: "wall", t: "sync" }));
    await until(() => wall.handled.length === 2);
    expect(tokenOf(again.texts)).toBeUndefined();
    const [one, two] = wall.handled.map((h) => h.peer.visitor);
    expect(one).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(two).toBe(one);
    first.ws.close();
    again.ws.close();
  });

  it("is named as a subprotocol, never in the URL: a token in the query is not read (a proxy's log keeps it)", async () => {
    const { wall, url, page } = await serve();
    const first = await page();
    await until(() => tokenOf(first.texts) !== undefined);
    const token = tokenOf(first.texts);
    expect(first.ws.protocol).toBe("pointless");
    const inUrl = await openChannel(url, `/api/live?topics=wall&visitor=${encodeURIComponent(token)}`);
    inUrl.ws.send(JSON.stringify({ topic: "wall", t: "sync" }));
    await until(() => wall.handled.length === 1);
    expect(tokenOf(inUrl.texts)).toMatch(VISITOR_TOKEN_PATTERN);
    expect(tokenOf(inUrl.texts)).not.toBe(token);
    first.ws.close();
    inUrl.ws.close();
  });

  it("is a new one when the token is forged, or open on more channels than a person's tabs", async () => {
    const { page } = await serve();
    const first = await page();
    await until(() => tokenOf(first.texts) !== undefined);
    const token = tokenOf(first.texts);
    // One character of the mac changed to another. (Its last two made "AA" once, which is the
    // token itself when its mac ends so: one run in 256, a clone's unit stage failed on it.)
    const [payload, mac = ""] = token.split(".");
    const forged = await page(`${payload}.${mac.slice(0, 5)}${mac[5] === "A" ? "B" : "A"}${mac.slice(6)}`);
    await until(() => tokenOf(forged.texts) !== undefined);
    expect(tokenOf(forged.texts)).not.toBe(token);
    // Two channels at most per visitor here: the second is still this visitor, the third is not.
    const second = await page(token);
    // Counted before the third comes (a fresh clone at load 9 opened the third first: no new token).
    await until(() => second.texts.some((m) => m.t === "joined"));
    const third = await page(token);
    await until(() => tokenOf(third.texts) !== undefined);
    expect(tokenOf(second.texts)).toBeUndefined();
    expect(tokenOf(third.texts)).not.toBe(token);
    for (const channel of [first, forged, second, third]) channel.ws.close();
  });

  it("while none may be minted, answers each request itself with when to try again, and the topic never sees it", async () => {
    let waitMs = 3000;
    const { wall, page } = await serve({ mintWaitMs: () => waitMs });
    const channel = await page();
    channel.ws.send(JSON.stringify({ topic: "wall", t: "paint", n: 1 }));
    await until(() => channel.texts.some((m) => m.t === "no"));
    const no = channel.texts.find((m) => m.t === "no");
    expect(no).toMatchObject({ topic: "wall", t: "no", n: 1, error: expect.stringMatching(/busy/) });
    expect(no?.retryMs).toBeGreaterThan(2000);
    expect(no?.retryMs).toBeLessThanOrEqual(3000);
    // What needs no visitor (the whole wall again) goes on.
    channel.ws.send(JSON.stringify({ topic: "wall", t: "sync" }));
    await until(() => wall.handled.length === 1);
    expect(wall.handled[0]?.message).toEqual({ t: "sync" });
    // Once the mint allows, the page is told who it is, and its requests go to the topic.
    waitMs = 0;
    await until(() => tokenOf(channel.texts) !== undefined, 5000);
    channel.ws.send(JSON.stringify({ topic: "wall", t: "paint", n: 2 }));
    await until(() => wall.handled.length === 2);
    expect(wall.handled[1]?.peer.visitor).not.toBeNull();
    channel.ws.close();
  });

  it("hands on, in order, what the page sent before the server knew who it is", async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const wall = notingTopic("wall", ["paint"]);
    const { url } = await serveLive({
      topics: [wall.module],
      visitors: createVisitorTokens({
        secret: async () => {
          await held;
          return testSecret();
        },
        mintLimit: allow,
      }),
    });
    const channel = await openChannel(url, "/api/live?topics=wall");
    for (let n = 1; n <= 3; n++) channel.ws.send(JSON.stringify({ topic: "wall", t: "paint", n }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(wall.handled).toHaveLength(0);
    release();
    await until(() => wall.handled.length === 3);
    expect(wall.handled.map((h) => (h.message as { n?: number }).n)).toEqual([1, 2, 3]);
    expect(new Set(wall.handled.map((h) => h.peer.visitor)).size).toBe(1);
    channel.ws.close();
  });
});
