// The visitors of `npm run bench:live`: many WebSocket clients on the live channel, each keeping the
// shared sheet as a page does (whole sheet, then numbered pops and finished sheets), reconnecting
// with the last sequence number after a drop, and a few of them popping.
import WebSocket from "ws";
import { applyPops, BUBBLES_TOPIC, decodeSheet, isPopped, nextSheet, type Sheet } from "../../contracts/bubbles.ts";
import { liveUrl, readTopicFrame } from "../../contracts/live.ts";
import type { ServerMessage } from "../../server/test/live-client.ts";

/** A made-up client address for visitor `k` (the bench sends it as X-Forwarded-For). */
export const address = (k: number) => `10.${(k >> 16) & 255}.${(k >> 8) & 255}.${k & 255}`;

/** Fan-out latency, in whole milliseconds, as counts per millisecond (so millions of arrivals fit). */
export class Histogram {
  counts = new Uint32Array(10_001);
  total = 0;
  max = 0;
  add(ms: number) {
    const bucket = Math.min(10_000, Math.max(0, Math.round(ms)));
    this.counts[bucket] = (this.counts[bucket] ?? 0) + 1;
    this.total++;
    this.max = Math.max(this.max, ms);
  }
  quantile(q: number) {
    let seen = 0;
    for (let ms = 0; ms < this.counts.length; ms++) {
      seen += this.counts[ms] ?? 0;
      if (seen >= q * this.total) return ms;
    }
    return this.counts.length - 1;
  }
}

/** One number per pop: its sheet and its bubble (bubbles are fewer than 2^21). */
const keyOf = (sheet: number, i: number) => sheet * 2_097_152 + i;

/** When each pop was acknowledged to its popper (by sheet and bubble), and arrivals waiting for it. */
export class Acks {
  private at = new Map<number, number>();
  private early = new Map<number, number[]>();
  private latency: Histogram;
  constructor(latency: Histogram) {
    this.latency = latency;
  }
  acknowledged(sheet: number, i: number, now: number) {
    const key = keyOf(sheet, i);
    if (this.at.has(key)) return;
    this.at.set(key, now);
    // Arrivals that beat the acknowledgement to the bench count as 0 ms.
    for (const _ of this.early.get(key) ?? []) this.latency.add(0);
    this.early.delete(key);
  }
  arrived(sheet: number, i: number, now: number) {
    const key = keyOf(sheet, i);
    const acked = this.at.get(key);
    if (acked === undefined) this.early.set(key, [...(this.early.get(key) ?? []), now]);
    else this.latency.add(now - acked);
  }
}

export interface Visitor {
  sheet: Sheet | null;
  bytes: number;
  reconnects: number;
  open: boolean;
  close(): void;
  /** Pops `i` on the current sheet; resolves when acknowledged (true) or refused (false). */
  pop(i: number[]): Promise<boolean>;
}

export function visitor(
  origins: string[],
  index: number,
  { acks, address, measure = true }: { acks: Acks; address: string; measure?: boolean },
): Promise<Visitor> {
  let ws: WebSocket;
  let closed = false;
  let n = 0;
  const waiting = new Map<number, { i: number[]; sheet: number; resolve: (ok: boolean) => void }>();
  const self: Visitor = {
    sheet: null,
    bytes: 0,
    reconnects: 0,
    open: false,
    close() {
      closed = true;
      ws.close();
    },
    pop(i) {
      const sheet = self.sheet;
      if (!sheet || !self.open) return Promise.resolve(false);
      const id = ++n;
      return new Promise((resolve) => {
        waiting.set(id, { i, sheet: sheet.sheet, resolve });
        ws.send(JSON.stringify({ topic: BUBBLES_TOPIC, t: "pop", n: id, sheet: sheet.sheet, i }));
      });
    },
  };

  function receive(data: Buffer, isBinary: boolean) {
    self.bytes += data.length;
    const now = performance.now();
    if (isBinary) {
      const frame = readTopicFrame(new Uint8Array(data));
      if (frame?.topic === BUBBLES_TOPIC) self.sheet = decodeSheet(frame.payload);
      return;
    }
    const message = JSON.parse(data.toString()) as ServerMessage;
    const sheet = self.sheet;
    if (message.t === "pops" && sheet) {
      const { fresh } = applyPops(sheet, message);
      if (measure) for (const i of fresh) acks.arrived(message.sheet, i, now);
    } else if (message.t === "done" && sheet) {
      self.sheet = nextSheet(sheet, message);
    } else if (message.t === "ok" || message.t === "no") {
      const pending = waiting.get(message.n);
      waiting.delete(message.n);
      if (pending && message.t === "ok") for (const i of pending.i) acks.acknowledged(pending.sheet, i, now);
      pending?.resolve(message.t === "ok");
    }
  }

  function connect(first: (v: Visitor) => void, failed: (e: Error) => void) {
    const origin = origins[index % origins.length] as string;
    const since = self.sheet ? `${self.sheet.epoch}.${self.sheet.seq}` : undefined;
    ws = new WebSocket(origin.replace(/^http/, "ws") + liveUrl([BUBBLES_TOPIC], { [BUBBLES_TOPIC]: since }), {
      headers: { "X-Forwarded-For": address },
      perMessageDeflate: false,
    });
    ws.on("open", () => {
      self.open = true;
      first(self);
    });
    ws.on("message", receive);
    ws.on("error", (error) => {
      if (!self.open && self.reconnects === 0) failed(error);
    });
    ws.on("close", () => {
      self.open = false;
      for (const pending of waiting.values()) pending.resolve(false);
      waiting.clear();
      if (closed) return;
      self.reconnects++;
      // Back after a short, random pause, as pages do (the server may be restarting).
      setTimeout(
        () =>
          connect(
            () => {},
            () => {},
          ),
        200 + Math.random() * 800,
      );
    });
  }

  return new Promise((resolve, reject) => connect(resolve, reject));
}

/** Unpopped bubbles of `sheet`, picked at random (never the same twice in one call). */
export function pickUnpopped(sheet: Sheet, count: number): number[] {
  const picked = new Set<number>();
  for (let tries = 0; picked.size < count && tries < count * 20; tries++) {
    const i = Math.floor(Math.random() * sheet.size);
    if (!isPopped(sheet.bits, i)) picked.add(i);
  }
  return [...picked];
}
