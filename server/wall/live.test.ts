import { describe, expect, it } from "vitest";
import WebSocket from "ws";
import { CLOSE, liveUrl, type NoMessage, type OkMessage } from "../../contracts/live.ts";
import { decodeCells, WALL_SIZE, type WallJson, type WallMessage } from "../../contracts/wall.ts";
import { type LiveClient, openLive } from "../test/live-client.ts";
import { siteProcess } from "../test/site-process.ts";
import { until } from "../test/until.ts";

/**
 * The shared wall against the real server process, on SQLite: visitors each from an address of
 * their own (X-Forwarded-For from loopback is believed here), so each has a cooldown of its own.
 */
const server = siteProcess({ TRUST_PROXY: "loopback", LIVE_MAX_PER_ADDRESS: "50", WALL_COOLDOWN_S: "3" });

let visitors = 0;
/** A visitor on the wall's topic, from an address no other visitor of these tests has. */
async function visitor() {
  const client = await openLive(server.origin, ["wall"], {
    headers: { "X-Forwarded-For": `198.51.100.${++visitors}` },
  });
  await client.until(() => client.messages.some((m) => (m.t as string) === "wall"));
  return client;
}

const messagesOf = (client: LiveClient) => client.messages as unknown as { t: string; [field: string]: unknown }[];
const answerTo = (client: LiveClient, n: number) =>
  messagesOf(client).find((m) => (m.t === "ok" || m.t === "no") && m.n === n) as OkMessage | NoMessage | undefined;

/** Sends message `n` and waits for its answer. */
async function ask(client: LiveClient, message: { t: string; n: number; [field: string]: unknown }) {
  client.send(message);
  await client.until(() => answerTo(client, message.n) !== undefined);
  return answerTo(client, message.n);
}

/** Whether a message is numbered news of `cell` painted with `e`. */
const paints = (m: { t: string; c?: unknown }, cell: number, e: number) =>
  m.t === "cells" && (m.c as [number, number][]).some(([c, x]) => c === cell && x === e);

const wallOverHttp = async () => (await (await fetch(`${server.origin}/api/wall`)).json()) as WallJson;

describe("the shared wall, live", () => {
  it("gives a newcomer the whole wall, and another visitor's paint at once", async () => {
    const [painter, watcher] = [await visitor(), await visitor()];
    const first = messagesOf(watcher).find((m) => m.t === "wall") as unknown as WallMessage;
    expect(first).toMatchObject({ topic: "wall", t: "wall", cooldownMs: 3000 });
    expect(decodeCells(first.cells)?.length).toBe(WALL_SIZE);

    expect(await ask(painter, { t: "paint", n: 1, id: "live-paint-014", cell: 37, e: 12 })).toEqual({
      topic: "wall",
      t: "ok",
      n: 1,
      // The cooldown as this server keeps it, so the page counts down the same.
      cooldownMs: 3000,
    });
    await watcher.until(() => messagesOf(watcher).some((m) => paints(m, 37, 12)));
    expect(decodeCells((await wallOverHttp()).cells)?.[37]).toBe(13);
    // A newcomer sees it in the wall it is given.
    const late = await visitor();
    const whole = messagesOf(late).find((m) => m.t === "wall") as unknown as WallMessage;
    expect(decodeCells(whole.cells)?.[37]).toBe(13);
    for (const client of [painter, watcher, late]) client.close();
  });

  it("answers GET /api/wall with the wall as JSON, never cached", async () => {
    const response = await fetch(`${server.origin}/api/wall`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const body = (await response.json()) as WallJson;
    expect(Object.keys(body).sort()).toEqual(["cells", "cooldownMs"]);
    expect(decodeCells(body.cells)).not.toBeNull();
  });

  it("refuses a cell off the wall, an emoji off the palette and a paint inside the cooldown, in words; stores none", async () => {
    const client = await visitor();
    const before = await wallOverHttp();
    expect(await ask(client, { t: "paint", n: 1, id: "live-paint-015", cell: 200, e: 0 })).toMatchObject({
      t: "no",
      error: "There are only 200 cells on the wall.",
    });
    expect(await ask(client, { t: "paint", n: 2, id: "live-paint-016", cell: 0, e: 16 })).toMatchObject({
      t: "no",
      error: "Paint with one of the 16 emojis of the palette.",
    });
    expect((await wallOverHttp()).cells).toBe(before.cells);
    // A paint goes; the next, a moment later, is told how long to wait.
    expect(await ask(client, { t: "paint", n: 3, id: "live-paint-017", cell: 150, e: 1 })).toMatchObject({ t: "ok" });
    const refused = (await ask(client, { t: "paint", n: 4, id: "live-paint-018", cell: 151, e: 1 })) as NoMessage;
    expect(refused.error).toMatch(/^One paint every 3 s: you can paint again in [1-3] s\.$/);
    expect(refused.retryMs).toBeGreaterThan(1000);
    expect(refused.retryMs).toBeLessThanOrEqual(3000);
    expect(decodeCells((await wallOverHttp()).cells)?.[151]).toBe(decodeCells(before.cells)?.[151]);
    client.close();
  });

  it("closes the channel on free text, a paint without its id, a message it cannot read, or a flood, and goes on", async () => {
    const cases: string[] = [
      JSON.stringify({ topic: "wall", t: "paint", n: 1, id: "live-paint-019", cell: 3, e: "🎉" }),
      JSON.stringify({ topic: "wall", t: "paint", n: 1, id: "live-paint-020", cell: "3", e: 1 }),
      JSON.stringify({ topic: "wall", t: "paint", n: 1, id: "live-paint-021", cell: 3, e: 1, text: "hello" }),
      JSON.stringify({ topic: "wall", t: "paint", n: 1, id: "live-paint-022", cell: 2.5, e: 1 }),
      JSON.stringify({ topic: "wall", t: "paint", n: 1, id: "live-paint-023", cell: -1, e: 1 }),
      // A paint names itself (PAINT_ID): without an id, or with one pages never make.
      JSON.stringify({ topic: "wall", t: "paint", n: 1, cell: 3, e: 1 }),
      JSON.stringify({ topic: "wall", t: "paint", n: 1, id: "short", cell: 3, e: 1 }),
      JSON.stringify({ topic: "wall", t: "paint", n: 1, id: "not an id at all", cell: 3, e: 1 }),
      JSON.stringify({ topic: "wall", t: "paint", n: 1, id: "x".repeat(41), cell: 3, e: 1 }),
      JSON.stringify({ topic: "wall", t: "paint", n: 1, id: 12345678, cell: 3, e: 1 }),
      JSON.stringify({ topic: "wall", t: "write", n: 1, text: "hello" }),
      "not json",
    ];
    const before = await wallOverHttp();
    for (const message of cases) {
      const client = await visitor();
      client.send(message);
      expect((await client.closed).code, message).toBe(CLOSE.malformed);
    }
    // A flood of paints: the first may go, the rest are told to wait, then the channel is closed.
    const flooder = await visitor();
    for (let n = 1; n <= 30; n++) flooder.send({ t: "paint", n, id: `flood-paint-${n}`, cell: 100 + (n % 10), e: 5 });
    expect((await flooder.closed).code).toBe(CLOSE.malformed);
    const after = decodeCells((await wallOverHttp()).cells) as Uint8Array;
    const changed = [...after.keys()].filter((cell) => after[cell] !== decodeCells(before.cells)?.[cell]);
    expect(changed.length).toBeLessThanOrEqual(1);
    // The server goes on.
    expect((await fetch(`${server.origin}/api/wall`)).status).toBe(200);
  });

  it("sends a visitor who comes back only what it missed, and a stranger the whole wall", async () => {
    const first = await visitor();
    const whole = messagesOf(first).find((m) => m.t === "wall") as unknown as WallMessage;
    const seq = Math.max(whole.seq, ...messagesOf(first).map((m) => (m.t === "cells" ? (m.seq as number) : 0)));
    first.close();
    const painter = await visitor();
    expect(await ask(painter, { t: "paint", n: 1, id: "live-paint-024", cell: 9, e: 9 })).toMatchObject({ t: "ok" });
    await painter.until(() => messagesOf(painter).some((m) => paints(m, 9, 9)));

    const back = comeBack(`${whole.epoch}.${seq}`);
    await until(() => back.texts.some((m) => paints(m, 9, 9)));
    expect(back.texts.map((m) => m.t)).not.toContain("wall");
    expect(back.texts[0]).toMatchObject({ t: "cells", seq: seq + 1 });
    const stranger = comeBack("12345.1");
    await until(() => stranger.texts.length > 0);
    expect(stranger.texts[0]?.t).toBe("wall");
    for (const client of [back, stranger]) client.ws.close();
    painter.close();
  });
});

/** A page that comes back naming where it left off on the wall (its resume token). */
function comeBack(token: string) {
  const ws = new WebSocket(server.origin.replace(/^http/, "ws") + liveUrl(["wall"], { wall: token }), {
    headers: { "X-Forwarded-For": `198.51.100.${++visitors}` },
  });
  const texts: { t: string; [field: string]: unknown }[] = [];
  ws.on("message", (data) => texts.push(JSON.parse(String(data))));
  return { ws, texts };
}
