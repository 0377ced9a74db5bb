import type { Socket } from "node:net";
import WebSocket, * as wsModule from "ws";

/**
 * A message on the live channel made once for every page it goes to: its text (or binary payload)
 * and its WebSocket frame, as ws would have framed it for each socket (unmasked, one fragment,
 * never compressed: the channel has no per-message deflate). A broadcast to ten thousand pages is
 * then one JSON text, one UTF-8 encoding and one frame, and ten thousand writes of the same bytes.
 *
 * Measured (scripts/bench/send-cost.ts; docs/live.md, "Capacity of one process"): ws.send of a
 * text to each page cost 3.2 µs of JavaScript and 7.1 µs in the kernel per page; a frame made once,
 * 2.4 + 6.3 µs. The writes, not the framing, are most of it, so `createFrameWriter` also gathers what
 * one socket is sent in one turn of the event loop into one write: five messages to a page in a
 * turn (the polls' questions) cost 0.7 + 1.5 µs each, against 2.7 + 6.6 µs through ws.send.
 */
export interface Outgoing {
  /** The message's text, for a JSON message (what a test peer reads). */
  readonly text?: string;
  /** The message's payload, for a binary message. */
  readonly binary?: Uint8Array;
  /** The whole WebSocket frame. */
  readonly frame: Buffer;
}

type FrameOptions = { fin: boolean; rsv1: boolean; opcode: number; mask: boolean; readOnly: boolean };
/** ws's own framing (lib/sender.js Sender.frame), which its types do not describe. */
const { Sender } = wsModule as unknown as {
  Sender: { frame(data: Buffer, options: FrameOptions): Buffer[] };
};

function frameOf(payload: Buffer, opcode: 1 | 2): Buffer {
  return Buffer.concat(Sender.frame(payload, { fin: true, rsv1: false, opcode, mask: false, readOnly: true }));
}

export const textMessage = (text: string): Outgoing => ({ text, frame: frameOf(Buffer.from(text), 1) });

export const binaryMessage = (payload: Uint8Array): Outgoing => ({
  binary: payload,
  frame: frameOf(Buffer.from(payload.buffer, payload.byteOffset, payload.byteLength), 2),
});

/** The parts of a ws WebSocket the writer reaches past its API for (ws 8). */
interface WsInternals {
  _socket?: Socket | null;
  _sender?: { _queue?: unknown[]; _state?: number } | null;
}

/**
 * Writes made messages straight to each page's TCP socket, past ws's per-message framing. Only
 * safe because ws queues nothing of its own here (no compression: its sender writes each frame at
 * once, in order, so a frame written here and one ws writes, a ping or a close, keep their order);
 * should its sender ever hold a queue, the message goes through ws instead. Nothing is written to
 * a socket that is not open (closing: its close frame went out, and nothing may follow it).
 *
 * What one socket is sent in one turn of the event loop goes out in one write: the socket is
 * corked at its first message and uncorked once the turn's callbacks are done (setImmediate).
 * The writes go out `slice` sockets at a time, the event loop free between two slices (what pages
 * sent meanwhile is read, a socket sent more meanwhile waits its turn with it): ten thousand
 * writes at once would hold the loop for most of 100 ms. A corked socket waits in the queue of the
 * topic its first message was for, and a slice takes a socket from every queue in turn (each
 * slice starting from the first topic): a topic whose news goes to a few hundred pages is not
 * queued behind another's broadcast to ten thousand (docs/live.md, under attack).
 */
export function createFrameWriter({ slice = 1000 }: { slice?: number } = {}) {
  const corked = new Set<Socket>();
  /** Each topic's corked sockets, in the order they were corked (`next`: the first not yet written). */
  const queues = new Map<string, { sockets: Socket[]; next: number }>();
  let scheduled = false;
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(flush);
  };

  function flush() {
    scheduled = false;
    let left = Math.max(1, slice);
    while (left > 0 && queues.size > 0) {
      for (const [topic, queue] of queues) {
        const socket = queue.sockets[queue.next++] as Socket;
        if (queue.next === queue.sockets.length) queues.delete(topic);
        else if (queue.next >= 1024 && queue.next * 2 >= queue.sockets.length) {
          // A queue refilled as fast as it is written never empties: what it has written goes.
          queue.sockets.splice(0, queue.next);
          queue.next = 0;
        }
        corked.delete(socket);
        socket.uncork();
        if (--left === 0) break;
      }
    }
    if (queues.size > 0) schedule();
  }

  return {
    /** Sends `message` to `ws`, in `topic`'s turn; false when it was not sent (the page is not open). */
    write(ws: WebSocket, message: Outgoing, topic = ""): boolean {
      if (ws.readyState !== WebSocket.OPEN) return false;
      const { _socket: socket, _sender: sender } = ws as unknown as WsInternals;
      if (!socket || socket.destroyed || !socket.writable) return false;
      if (sender?._queue?.length || sender?._state) {
        if (message.text !== undefined) ws.send(message.text);
        else ws.send(message.binary ?? Buffer.alloc(0), { binary: true });
        return true;
      }
      if (!corked.has(socket)) {
        socket.cork();
        corked.add(socket);
        const queue = queues.get(topic);
        if (queue) queue.sockets.push(socket);
        else queues.set(topic, { sockets: [socket], next: 0 });
        schedule();
      }
      socket.write(message.frame);
      return true;
    },
  };
}

export type FrameWriter = ReturnType<typeof createFrameWriter>;
