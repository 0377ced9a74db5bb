import { once } from "node:events";
import { createServer, type Server } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { WebSocketServer } from "ws";
import { loopbackAddress, openRawChannel } from "./raw-channel.ts";

const servers: { close(): void }[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

async function wsServer() {
  const wss = new WebSocketServer({ port: 0, host: "127.0.0.1", perMessageDeflate: false });
  servers.push(wss);
  await once(wss, "listening");
  return { wss, port: (wss.address() as { port: number }).port };
}

const until = async (done: () => boolean) => {
  while (!done()) await new Promise((resolve) => setTimeout(resolve, 5));
};

describe("openRawChannel", () => {
  it("counts every message of each length a header can name, and their bytes as sent", async () => {
    const { wss, port } = await wsServer();
    const sizes = [0, 5, 125, 126, 300, 65_535, 65_536, 200_000];
    wss.on("connection", (ws) => {
      for (const size of sizes) ws.send(Buffer.alloc(size, 7), { binary: size % 2 === 0 });
    });
    const channel = await openRawChannel({ host: "127.0.0.1", port, path: "/" });
    await until(() => channel.messages === sizes.length);
    const headers = sizes.map((size) => (size < 126 ? 2 : size < 65_536 ? 4 : 10));
    expect(channel.bytes).toBe(sizes.reduce((sum, size, k) => sum + size + (headers[k] as number), 0));
    channel.close();
  });

  it("answers the server's pings, so a server that cuts off the silent keeps it", async () => {
    const { wss, port } = await wsServer();
    const pongs: string[] = [];
    wss.on("connection", (ws) => {
      ws.on("pong", (data) => pongs.push(data.toString()));
      ws.ping("are you there");
      ws.ping();
    });
    const channel = await openRawChannel({ host: "127.0.0.1", port, path: "/" });
    await until(() => pongs.length === 2);
    expect(pongs).toEqual(["are you there", ""]);
    expect(channel.messages).toBe(0);
    channel.close();
  });

  it("reads frames cut anywhere, a byte at a time, and the server's close code", async () => {
    // A server of its own that writes its answer and frames one byte per write.
    const raw: Server = createServer((socket) => {
      socket.once("data", async () => {
        const bytes = Buffer.concat([
          Buffer.from("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n"),
          Buffer.from([0x81, 3, 0x61, 0x62, 0x63]),
          Buffer.from([0x82, 126, 0x01, 0x00]),
          Buffer.alloc(256, 1),
          Buffer.from([0x88, 2, 0x11, 0x5d]),
        ]);
        for (const byte of bytes) {
          socket.write(Buffer.from([byte]));
          await new Promise((resolve) => setImmediate(resolve));
        }
      });
    });
    servers.push(raw);
    raw.listen(0, "127.0.0.1");
    await once(raw, "listening");
    const channel = await openRawChannel({
      host: "127.0.0.1",
      port: (raw.address() as { port: number }).port,
      path: "/",
    });
    await until(() => channel.closeCode !== 0);
    expect(channel.messages).toBe(2);
    expect(channel.closeCode).toBe(4445);
    expect(channel.open).toBe(false);
    channel.close();
  });

  it("counts a message once its last byte is here, not when its header is", async () => {
    let rest: () => void = () => {};
    const raw = createServer((socket) => {
      socket.once("data", () => {
        socket.write("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n");
        socket.write(Buffer.concat([Buffer.from([0x81, 126, 0x01, 0x2c]), Buffer.alloc(100, 0x61)]));
        rest = () => socket.write(Buffer.alloc(200, 0x61));
      });
    });
    servers.push(raw);
    raw.listen(0, "127.0.0.1");
    await once(raw, "listening");
    const channel = await openRawChannel({
      host: "127.0.0.1",
      port: (raw.address() as { port: number }).port,
      path: "/",
    });
    await until(() => channel.bytes === 104);
    expect(channel.messages).toBe(0);
    rest();
    await until(() => channel.bytes === 304);
    expect(channel.messages).toBe(1);
    channel.close();
  });

  it("rejects an upgrade the server refuses", async () => {
    const raw = createServer((socket) => socket.end("HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\n\r\n"));
    servers.push(raw);
    raw.listen(0, "127.0.0.1");
    await once(raw, "listening");
    await expect(
      openRawChannel({ host: "127.0.0.1", port: (raw.address() as { port: number }).port, path: "/" }),
    ).rejects.toThrow("503");
  });

  it("connects from the loopback address it is given", async () => {
    const { wss, port } = await wsServer();
    const seen = new Promise<string | undefined>((resolve) =>
      wss.on("connection", (_, req) => resolve(req.socket.remoteAddress)),
    );
    const channel = await openRawChannel({ host: "127.0.0.1", port, path: "/", localAddress: loopbackAddress(300) });
    expect(await seen).toBe("127.20.2.47");
    channel.close();
  });
});

describe("loopbackAddress", () => {
  it("gives every visitor of a large crowd an address of its own, never .0 or .255", () => {
    const all = Array.from({ length: 100_000 }, (_, k) => loopbackAddress(k));
    expect(new Set(all).size).toBe(all.length);
    expect(all.filter((address) => /\.(0|255)(\.|$)/.test(address))).toEqual([]);
  });
});
