import { once } from "node:events";
import type { Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import WebSocket, { WebSocketServer } from "ws";
import { binaryMessage, createFrameWriter, textMessage } from "./frames.ts";

const closing: { close(): void }[] = [];
afterEach(() => {
  for (const each of closing.splice(0)) each.close();
});

/** A ws server and a real ws client connected to it: the server's side of the pair, and the client. */
async function pair() {
  const wss = new WebSocketServer({ port: 0, host: "127.0.0.1", perMessageDeflate: false });
  closing.push(wss);
  await once(wss, "listening");
  const accepted = once(wss, "connection") as Promise<[WebSocket]>;
  const client = new WebSocket(`ws://127.0.0.1:${(wss.address() as { port: number }).port}`);
  closing.push(client);
  const received: (string | Buffer)[] = [];
  client.on("message", (data, isBinary) => received.push(isBinary ? (data as Buffer) : data.toString()));
  await once(client, "open");
  const [server] = await accepted;
  server.on("error", () => {});
  return { server, client, received };
}

const until = async (done: () => boolean) => {
  while (!done()) await new Promise((resolve) => setTimeout(resolve, 5));
};

describe("createFrameWriter", () => {
  it("sends what a real ws client reads as the same messages, text and binary, of every length, in order with ws's own", async () => {
    const { server, received } = await pair();
    const writer = createFrameWriter();
    const long = "é".repeat(40_000); // 80,000 bytes of UTF-8: a 64-bit length
    const binary = new Uint8Array(300).map((_, k) => k & 255); // a 16-bit length
    writer.write(server, textMessage('{"t":"hb"}'));
    server.send("from ws itself");
    writer.write(server, binaryMessage(binary.subarray(10, 200)));
    writer.write(server, textMessage(long));
    writer.write(server, textMessage(""));
    await until(() => received.length === 5);
    expect(received[0]).toBe('{"t":"hb"}');
    expect(received[1]).toBe("from ws itself");
    expect(Buffer.isBuffer(received[2]) && [...(received[2] as Buffer)]).toEqual([...binary.subarray(10, 200)]);
    expect(received[3]).toBe(long);
    expect(received[4]).toBe("");
  });

  it("writes what one socket is sent in one turn in one write", async () => {
    const { server, received } = await pair();
    const socket = (server as unknown as { _socket: Socket })._socket;
    const writes: number[] = [];
    const writev = socket._writev?.bind(socket);
    const write = socket._write.bind(socket);
    socket._writev = (chunks, callback) => {
      writes.push(chunks.length);
      writev?.(chunks, callback);
    };
    socket._write = (chunk, encoding, callback) => {
      writes.push(1);
      write(chunk, encoding, callback);
    };
    const writer = createFrameWriter();
    for (let q = 0; q < 5; q++) writer.write(server, textMessage(JSON.stringify({ t: "tally", q })));
    server.ping();
    await until(() => received.length === 5);
    expect(writes).toEqual([6]);
    expect(received.map((text) => JSON.parse(String(text)).q)).toEqual([0, 1, 2, 3, 4]);
  });

  it("writes nothing to a page whose close has begun, or whose socket is gone, and does not throw", async () => {
    const { server, client, received } = await pair();
    const writer = createFrameWriter();
    const closed = once(client, "close");
    server.close(4000, "bye");
    expect(writer.write(server, textMessage("after the close"))).toBe(false);
    const [code] = await closed;
    expect(code).toBe(4000);
    expect(writer.write(server, textMessage("after the socket is gone"))).toBe(false);

    const second = await pair();
    second.server.terminate();
    expect(writer.write(second.server, textMessage("after terminate"))).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(received).toEqual([]);
    expect(second.received).toEqual([]);
  });

  it("still sends what it gathered when the page is closed in the same turn, before the close", async () => {
    const { server, client, received } = await pair();
    const writer = createFrameWriter();
    writer.write(server, textMessage("last words"));
    server.close(4000, "bye");
    const [code] = await once(client, "close");
    expect(code).toBe(4000);
    expect(received).toEqual(["last words"]);
  });
});

/** `count` pairs whose server sockets say in `order` when each is uncorked (written). */
async function pairsTellingUncorks(count: number) {
  const pairs = await Promise.all(Array.from({ length: count }, () => pair()));
  const order: string[] = [];
  for (const [k, { server }] of pairs.entries()) {
    const socket = (server as unknown as { _socket: Socket })._socket;
    const uncork = socket.uncork.bind(socket);
    socket.uncork = () => {
      order.push(`socket ${k}`);
      uncork();
    };
  }
  return { pairs, order };
}

describe("createFrameWriter's slices", () => {
  it("writes `slice` sockets at a time, the event loop free between two slices, and every socket its messages in order", async () => {
    const { pairs, order } = await pairsTellingUncorks(5);
    const writer = createFrameWriter({ slice: 2 });
    for (const { server } of pairs) writer.write(server, textMessage("first"));
    setImmediate(() => order.push("another callback"));
    for (const { server } of pairs) writer.write(server, textMessage("second"));
    await until(() => pairs.every(({ received }) => received.length === 2));
    expect(order).toEqual(["socket 0", "socket 1", "another callback", "socket 2", "socket 3", "socket 4"]);
    for (const { received } of pairs) expect(received).toEqual(["first", "second"]);
  });
  it("takes a socket from each topic's queue in turn: a topic with few pages is not written after one with many", async () => {
    const { pairs, order } = await pairsTellingUncorks(5);
    const writer = createFrameWriter({ slice: 2 });
    // Sockets 0 to 3 hear a topic with many pages, then socket 4 one with few, and socket 0 that one
    // too (in its own turn).
    for (const { server } of pairs.slice(0, 4)) writer.write(server, textMessage("many"), "many");
    writer.write(pairs[4]?.server as WebSocket, textMessage("few"), "few");
    writer.write(pairs[0]?.server as WebSocket, textMessage("few"), "few");
    setImmediate(() => order.push("another callback"));
    await until(() => pairs.every(({ received }) => received.length > 0));
    expect(order).toEqual(["socket 0", "socket 4", "another callback", "socket 1", "socket 2", "socket 3"]);
    expect(pairs[0]?.received).toEqual(["many", "few"]);
    expect(pairs[4]?.received).toEqual(["few"]);
  });
});
