import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import WebSocket from "ws";

/**
 * Clients without a browser, for what a browser cannot choose: the address it connects from (any
 * of 127.0.0.0/8 is this machine's loopback, so two clients here are two addresses to nginx), the
 * headers it writes (its own X-Forwarded-For, an Origin), and the bytes as sent (no decoding).
 */
export interface From {
  /** The local address to connect from (127.0.0.2 ...). */
  from?: string;
  headers?: Record<string, string>;
}

export interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A GET of `url` as sent, its body as it came (compressed if it was). */
export function get(url: string, { from, headers = {} }: From = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { localAddress: from, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

/**
 * What became of a live channel asked for at `origin`: taken (the server sent it its first message,
 * and `socket` is open), told busy (`busy`: the words the page would show), or refused over HTTP
 * (`status`, with the answer's headers).
 */
export type ChannelOutcome =
  | { taken: true; socket: WebSocket }
  | { taken: false; busy: string }
  | { taken: false; status: number; headers: IncomingHttpHeaders };

export function openChannel(origin: string, { from, headers = {} }: From = {}): Promise<ChannelOutcome> {
  const url = `${origin.replace(/^http/, "ws")}/api/live?topics=clicks`;
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { localAddress: from, headers });
    socket.once("message", (data) => {
      const message = JSON.parse(String(data)) as { t?: string; reason?: string };
      if (message.t === "busy") {
        resolve({ taken: false, busy: message.reason ?? "" });
        socket.close();
      } else resolve({ taken: true, socket });
    });
    socket.once("unexpected-response", (_req, res) => {
      resolve({ taken: false, status: res.statusCode ?? 0, headers: res.headers });
      res.resume();
      socket.terminate();
    });
    socket.once("error", reject);
  });
}
