import WebSocket from "ws";
import {
  applyPops,
  BUBBLES_TOPIC,
  type DoneMessage,
  decodeSheet,
  isPopped,
  nextSheet,
  type PopsMessage,
  type Sheet,
  type TickMessage,
} from "../../contracts/bubbles.ts";
import type { ClicksMessage } from "../../contracts/clicks.ts";
import {
  type BusyMessage,
  CLOSE,
  liveProtocols,
  liveUrl,
  type NoMessage,
  type OkMessage,
  readTopicFrame,
  type Topic,
  type VisitorMessage,
} from "../../contracts/live.ts";

/** The messages the tests read (the bubble sheet's and the click total's, and answers). */
export type ServerMessage = TickMessage | PopsMessage | DoneMessage | ClicksMessage | OkMessage | NoMessage;

/**
 * A visitor on the live channel, for the server's tests and the bench: keeps the bubble sheet as
 * the page would (the whole sheet, then the numbered pops and finished sheets), and every message
 * it got. A message sent without a `topic` goes on the first topic it follows.
 */
export interface LiveClient {
  ws: WebSocket;
  /** The sheet as this visitor sees it, once it has one. */
  sheet: Sheet | null;
  /** Every JSON message, in order, and how many whole sheets arrived. */
  messages: ServerMessage[];
  sheets: number;
  /** The visitor token the server gave this channel (`{"t":"visitor"}`), if it gave one. */
  visitor: string | null;
  /** Where it left off on the sheet ("epoch.seq"), for a reconnect. */
  resume(): string | undefined;
  send(message: object | string): void;
  /** Resolves when `check` holds (checked on every message), or rejects after `ms`. */
  until(check: () => boolean, ms?: number): Promise<void>;
  closed: Promise<{ code: number; reason: string }>;
  close(): void;
}

export function openLive(
  origin: string,
  topics: Topic[],
  { since, headers, visitor }: { since?: string; headers?: Record<string, string>; visitor?: string } = {},
): Promise<LiveClient> {
  const ws = new WebSocket(
    origin.replace(/^http/, "ws") + liveUrl(topics, { [BUBBLES_TOPIC]: since }),
    liveProtocols(visitor),
    { headers },
  );
  const waiters = new Set<() => void>();
  const client: LiveClient = {
    ws,
    sheet: null,
    visitor: null,
    messages: [],
    sheets: 0,
    resume: () => (client.sheet ? `${client.sheet.epoch}.${client.sheet.seq}` : undefined),
    send: (message) =>
      ws.send(typeof message === "string" ? message : JSON.stringify({ topic: topics[0], ...message })),
    until(check, ms = 5000) {
      if (check()) return Promise.resolve();
      // Made here, so that a timeout names the test's line that waited.
      const never = new Error(`the live channel never got there in ${ms} ms`);
      return new Promise((resolve, reject) => {
        const waiter = () => {
          if (!check()) return;
          clearTimeout(timer);
          waiters.delete(waiter);
          resolve();
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(never);
        }, ms);
        waiters.add(waiter);
      });
    },
    closed: new Promise((resolve) => ws.on("close", (code, reason) => resolve({ code, reason: reason.toString() }))),
    close: () => ws.close(),
  };
  ws.on("message", (data, isBinary) => {
    if (isBinary) {
      const frame = readTopicFrame(new Uint8Array(data as Buffer));
      if (frame?.topic === BUBBLES_TOPIC) {
        client.sheet = decodeSheet(frame.payload);
        client.sheets++;
      }
    } else {
      const message = JSON.parse(data.toString()) as ServerMessage | VisitorMessage;
      if (message.t === "visitor") client.visitor = message.token;
      else client.messages.push(message);
      const sheet = client.sheet;
      if (sheet && message.t === "pops") applyPops(sheet, message);
      else if (sheet && message.t === "done") client.sheet = nextSheet(sheet, message);
    }
    for (const waiter of [...waiters]) waiter();
  });
  ws.on("close", () => {
    for (const waiter of [...waiters]) waiter();
  });
  return new Promise((resolve, reject) => {
    ws.once("open", () => resolve(client));
    ws.once("unexpected-response", (_, response) => reject(new Error(`refused: ${response.statusCode}`)));
    ws.once("error", reject);
  });
}

let requests = 0;
/** A number for a request no other request of this test process has. */
export const requestNumber = () => ++requests;

/** Pops `i` as one visitor (on the sheet it sees, unless `sheet` says another), and waits for the server's answer. */
export async function popAnswered(client: LiveClient, i: number[], sheet = client.sheet?.sheet) {
  const n = requestNumber();
  const answer = () => client.messages.find((m) => (m.t === "ok" || m.t === "no") && m.n === n);
  client.send({ t: "pop", n, sheet, i });
  await client.until(() => answer() !== undefined);
  return answer() as OkMessage | NoMessage;
}

/** The bubbles a visitor sees popped. */
export const poppedIn = (sheet: Sheet | null) =>
  sheet ? Array.from({ length: sheet.size }, (_, i) => i).filter((i) => isPopped(sheet.bits, i)) : [];

/**
 * An upgrade the server must refuse because it cannot take it now (full, too many from one place,
 * too many new channels, restarting): it opens the channel only to say `busy` and close with 4429.
 * Resolves with what it said; rejects when the channel is refused over HTTP or stays open.
 */
export function refusedAsBusy(
  origin: string,
  topics: Topic[],
  { headers }: { headers?: Record<string, string> } = {},
): Promise<BusyMessage> {
  const ws = new WebSocket(origin.replace(/^http/, "ws") + liveUrl(topics), { headers });
  let busy: BusyMessage | null = null;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      ws.terminate();
      reject(new Error("the channel stayed open"));
    }, 5000);
    ws.on("message", (data, isBinary) => {
      if (isBinary) return;
      const message = JSON.parse(data.toString()) as { t: string };
      if (message.t === "busy") busy = message as BusyMessage;
    });
    ws.once("unexpected-response", (_, response) => {
      clearTimeout(timer);
      reject(new Error(`refused: ${response.statusCode}`));
    });
    ws.on("error", () => {});
    ws.once("close", (code) => {
      clearTimeout(timer);
      if (code === CLOSE.busy && busy) resolve(busy);
      else reject(new Error(`closed ${code} without being told it was busy`));
    });
  });
}
