// The crowd of the capacity bench (scripts/bench/knee.ts): a visitor on the live channel that costs
// its load generator next to nothing, so the generator can hold tens of thousands of them on one
// core and the server saturates first. It is a bare TCP socket that upgrades by hand, walks the
// server's frames only to count them and to answer its pings (a channel that leaves two unanswered
// is cut off), and never decodes a message: what a visitor sees is measured at a sample of full
// clients beside it (knee-actors.ts).
import { randomBytes } from "node:crypto";
import { connect } from "node:net";

export interface RawChannel {
  /** Bytes received after the upgrade's answer (frames and their headers, as a page's socket reads them). */
  bytes: number;
  /** Whole data messages received. */
  messages: number;
  /** The close code the server sent (0 until it sent one). */
  closeCode: number;
  readonly open: boolean;
  close(): void;
}

export interface RawChannelOptions {
  host: string;
  port: number;
  /** The path and query of the upgrade (contracts/live.ts liveUrl). */
  path: string;
  /** The loopback address to connect from: each visitor an address of its own, past any proxy. */
  localAddress?: string;
  timeoutMs?: number;
}

/** A pong (opcode 10) or close (8) from a client: masked, with a mask of zeros (the payload as is). */
function clientFrame(opcode: number, payload: Buffer): Buffer {
  const head = Buffer.from([0x80 | opcode, 0x80 | payload.length, 0, 0, 0, 0]);
  return Buffer.concat([head, payload]);
}

/** Opens the channel; resolves once the server answered the upgrade with 101, rejects otherwise. */
export function openRawChannel({
  host,
  port,
  path,
  localAddress,
  timeoutMs = 30_000,
}: RawChannelOptions): Promise<RawChannel> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host, port, localAddress });
    let upgraded = false;
    let head = Buffer.alloc(0);
    /** Bytes of a frame header that arrived without the rest of it. */
    let partial: Buffer | null = null;
    /** What is left of the current frame's payload, and (a control frame's) the payload so far. */
    let left = 0;
    let control: { opcode: number; parts: Buffer[] } | null = null;
    /** Whether the current frame ends a data message (counted once its last byte is here). */
    let ends = false;
    const channel: RawChannel = {
      bytes: 0,
      messages: 0,
      closeCode: 0,
      get open() {
        return upgraded && !socket.destroyed && channel.closeCode === 0;
      },
      close() {
        socket.destroy();
      },
    };
    const timer = setTimeout(() => socket.destroy(new Error("the upgrade was not answered in time")), timeoutMs);

    const controlDone = (opcode: number, payload: Buffer) => {
      if (opcode === 9) socket.write(clientFrame(10, payload));
      else if (opcode === 8) {
        channel.closeCode = payload.length >= 2 ? payload.readUInt16BE(0) : 1005;
        socket.end(clientFrame(8, payload.subarray(0, 2)));
      }
    };

    function frameDone() {
      if (control) {
        controlDone(control.opcode, Buffer.concat(control.parts));
        control = null;
      } else if (ends) {
        channel.messages++;
        ends = false;
      }
    }

    function frames(chunk: Buffer) {
      const data = partial ? Buffer.concat([partial, chunk]) : chunk;
      partial = null;
      let at = 0;
      while (at < data.length) {
        if (left > 0) {
          const take = Math.min(left, data.length - at);
          control?.parts.push(data.subarray(at, at + take));
          at += take;
          left -= take;
          if (left === 0) frameDone();
          continue;
        }
        const available = data.length - at;
        if (available < 2) break;
        const b0 = data[at] as number;
        const b1 = data[at + 1] as number;
        let length = b1 & 0x7f;
        let header = 2;
        if (length === 126) {
          if (available < 4) break;
          length = data.readUInt16BE(at + 2);
          header = 4;
        } else if (length === 127) {
          if (available < 10) break;
          length = Number(data.readBigUInt64BE(at + 2));
          header = 10;
        }
        at += header;
        const opcode = b0 & 0x0f;
        if (opcode >= 8) control = { opcode, parts: [] };
        else ends = (b0 & 0x80) !== 0;
        left = length;
        if (left === 0) frameDone();
      }
      if (at < data.length) partial = Buffer.from(data.subarray(at));
    }

    socket.on("data", (chunk: Buffer) => {
      if (upgraded) {
        channel.bytes += chunk.length;
        frames(chunk);
        return;
      }
      head = Buffer.concat([head, chunk]);
      const end = head.indexOf("\r\n\r\n");
      if (end < 0) return;
      const status = head.subarray(0, head.indexOf("\r\n")).toString();
      if (!/^HTTP\/1\.1 101 /.test(status)) {
        socket.destroy(new Error(`the upgrade was refused: ${status}`));
        return;
      }
      upgraded = true;
      clearTimeout(timer);
      const rest = head.subarray(end + 4);
      head = Buffer.alloc(0);
      resolve(channel);
      if (rest.length > 0) {
        channel.bytes += rest.length;
        frames(rest);
      }
    });
    socket.on("error", (error) => {
      clearTimeout(timer);
      if (!upgraded) reject(error);
    });
    socket.on("close", () => clearTimeout(timer));
    socket.write(
      `GET ${path} HTTP/1.1\r\nHost: ${host}:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
        `Sec-WebSocket-Key: ${randomBytes(16).toString("base64")}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
    );
  });
}

/**
 * Loopback address number `k` (0, 1, ...): 127.a.b.c with b and c from 1 to 254, so every visitor
 * of a run is an address of its own (the limits count each as a person) and no source port range
 * is shared by more than a few hundred of them.
 */
export function loopbackAddress(k: number, first = 20): string {
  const c = (k % 254) + 1;
  const b = (Math.floor(k / 254) % 254) + 1;
  const a = first + Math.floor(k / (254 * 254));
  return `127.${a}.${b}.${c}`;
}
