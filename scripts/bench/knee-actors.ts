// The measuring side of the capacity bench (knee.ts): full clients that keep their toy's state as
// its page does. On the sheet, POPPERS visitors pop POPS_PER_SECOND in all; on the other three
// toys, ACTORS each act at a person's pace (as scripts/bench/live-toys.ts: a vote every 1.5 s, ten
// claps every 500 ms, a paint every 3.3 s past the wall's cooldown). A sample of watchers per toy
// times each piece of news from its acknowledgement to its arrival (fan-out.ts), so the latency is
// what a visitor sees, at a cost to the load generator that does not grow with the crowd.
import WebSocket from "ws";
import { applyPops, BUBBLES_TOPIC, decodeSheet, nextSheet, type Sheet } from "../../contracts/bubbles.ts";
import { CLAPS_TOPIC } from "../../contracts/claps.ts";
import { liveUrl, readTopicFrame, type Topic } from "../../contracts/live.ts";
import { POLLS_TOPIC, QUESTIONS } from "../../contracts/polls.ts";
import { applyCells, decodeCells, PALETTE, WALL_SIZE, WALL_TOPIC } from "../../contracts/wall.ts";
import { Climbing, Keyed } from "./fan-out.ts";
import { Histogram, pickUnpopped } from "./live-clients.ts";
import { loopbackAddress } from "./raw-channel.ts";

export const TOYS = [BUBBLES_TOPIC, POLLS_TOPIC, CLAPS_TOPIC, WALL_TOPIC] as const;
export type Toy = (typeof TOYS)[number];
export const POPPERS = 50;
export const POPS_PER_SECOND = 500;
const ACTORS = 25;
const EVERY_MS: Record<Exclude<Toy, "bubbles">, number> = { polls: 1500, claps: 500, wall: 3300 };

type Message = Record<string, unknown> & { t: string };

/** A client of one toy: its state as a page holds it, requests answered by number. */
interface Client {
  toy: Toy;
  ws: WebSocket;
  sheet: Sheet | null;
  wall: { cells: Uint8Array; seq: number } | null;
  /** Per climbing number watched (a question's votes, the claps' total): the highest seen. */
  seen: Map<string, { seen: number }>;
  answers: Map<number, (message: Message) => void>;
  n: number;
  measure: boolean;
}

export interface Target {
  host: string;
  port: number;
}

export interface Actors {
  /** Fan-out latency per toy since the last `reset`. */
  latency: Record<Toy, Histogram>;
  /** Actions sent and acknowledged per toy since the last `reset`. */
  actions: Record<Toy, { sent: number; acked: number }>;
  reset(): void;
  /** Clients of the actors and watchers open now, and in all. */
  open(): { open: number; all: number };
  stop(): void;
}

const sum = (counts: readonly number[]) => counts.reduce((a, b) => a + b, 0);

export async function startActors(targets: Target[], { watchersPerToy = 50 } = {}): Promise<Actors> {
  const latency = Object.fromEntries(TOYS.map((toy) => [toy, new Histogram()])) as Record<Toy, Histogram>;
  const fresh = () => Object.fromEntries(TOYS.map((toy) => [toy, { sent: 0, acked: 0 }])) as Actors["actions"];
  let actions = fresh();
  // What fan-out measures per toy, made again at each reset (a step's news is timed in that step).
  let pops = new Keyed(latency.bubbles);
  let paints = new Keyed(latency.wall);
  let painted = new Set<string>();
  let climbing = new Map<string, Climbing>();
  const climb = (key: string, toy: Toy) => {
    const known = climbing.get(key);
    if (known) return known;
    const made = new Climbing(latency[toy]);
    climbing.set(key, made);
    return made;
  };
  const clients: Client[] = [];
  const seenOf = (c: Client, key: string) => {
    const known = c.seen.get(key);
    if (known) return known;
    const made = { seen: 0 };
    c.seen.set(key, made);
    return made;
  };
  const watchersOf = (toy: Toy, key: string) =>
    clients.filter((c) => c.toy === toy && c.measure).map((c) => seenOf(c, key));

  function receive(c: Client, data: Buffer, isBinary: boolean) {
    const now = performance.now();
    if (isBinary) {
      const frame = readTopicFrame(new Uint8Array(data));
      if (frame?.topic === BUBBLES_TOPIC) c.sheet = decodeSheet(frame.payload);
      return;
    }
    const m = JSON.parse(data.toString()) as Message;
    if (m.t === "ok" || m.t === "no") {
      c.answers.get(m.n as number)?.(m);
      c.answers.delete(m.n as number);
    } else if (m.t === "pops" && c.sheet) {
      const { fresh: popped } = applyPops(c.sheet, m as never);
      if (c.measure) for (const i of popped) pops.arrived(`${m.sheet}:${i}`, now);
    } else if (m.t === "done" && c.sheet) c.sheet = nextSheet(c.sheet, m as never);
    else if (m.t === "tally" && c.measure) {
      climb(`q${m.q}`, POLLS_TOPIC).seen(seenOf(c, `q${m.q}`), sum(m.counts as number[]), now);
    } else if (m.t === "crowd" && c.measure) {
      climb("claps", CLAPS_TOPIC).seen(seenOf(c, "claps"), m.total as number, now);
    } else if (m.t === "wall") {
      const cells = decodeCells(m.cells);
      if (cells) c.wall = { cells, seq: m.seq as number };
    } else if (m.t === "cells" && c.wall) {
      const { gap } = applyCells(c.wall, m as never);
      if (gap) c.ws.send(JSON.stringify({ topic: WALL_TOPIC, t: "sync" }));
      if (c.measure) for (const [cell, e] of m.c as [number, number][]) paints.arrived(`${cell}:${e}`, now);
    }
  }

  let made = 0;
  /** A client on `toy`, from an address of its own (a poll voter comes back as a new visitor). */
  function connect(c: Client): Promise<void> {
    const target = targets[made % targets.length] as Target;
    const ws = new WebSocket(`ws://${target.host}:${target.port}${liveUrl([c.toy as Topic])}`, {
      localAddress: loopbackAddress(made++, 10),
      perMessageDeflate: false,
      handshakeTimeout: 10_000,
    });
    c.ws = ws;
    ws.on("message", (data, isBinary) => receive(c, data as Buffer, isBinary));
    ws.on("error", () => {});
    return new Promise((resolve, reject) => {
      ws.once("open", () => resolve());
      ws.once("error", reject);
    });
  }
  async function client(toy: Toy, measure: boolean): Promise<Client> {
    const c: Client = {
      toy,
      ws: null as unknown as WebSocket,
      sheet: null,
      wall: null,
      seen: new Map(),
      answers: new Map(),
      n: 0,
      measure,
    };
    await connect(c);
    clients.push(c);
    return c;
  }
  const request = (c: Client, message: object) =>
    new Promise<Message>((resolve) => {
      const n = ++c.n;
      c.answers.set(n, resolve);
      c.ws.send(JSON.stringify({ topic: c.toy, ...message, n }));
    });

  const roles: [Toy, number, boolean][] = [
    [BUBBLES_TOPIC, POPPERS, false],
    ...(["polls", "claps", "wall"] as const).map((toy): [Toy, number, boolean] => [toy, ACTORS, false]),
    ...TOYS.map((toy): [Toy, number, boolean] => [toy, watchersPerToy, true]),
  ];
  const byRole = new Map<string, Client[]>();
  for (const [toy, count, measure] of roles) {
    const made: Client[] = [];
    for (let k = 0; k < count; k += 25) {
      made.push(...(await Promise.all(Array.from({ length: Math.min(25, count - k) }, () => client(toy, measure)))));
    }
    byRole.set(`${toy}${measure ? " watchers" : ""}`, made);
  }

  // The sheet: one timer paces every popper; each sends what it owes by now (at most 5 at once),
  // each from a moment of its own (what it owes at first spreads them over a tenth of a second).
  const poppers = (byRole.get(BUBBLES_TOPIC) ?? []).map((c, k) => ({ c, owed: k / POPPERS }));
  let last = performance.now();
  const popping = setInterval(() => {
    const now = performance.now();
    const each = ((now - last) / 1000) * (POPS_PER_SECOND / POPPERS);
    last = now;
    for (const popper of poppers) {
      popper.owed = Math.min(5, popper.owed + each);
      const sheet = popper.c.sheet;
      if (popper.owed < 1 || !sheet || popper.c.ws.readyState !== WebSocket.OPEN) continue;
      const i = pickUnpopped(sheet, Math.floor(popper.owed));
      popper.owed -= Math.floor(popper.owed);
      if (i.length === 0) continue;
      actions.bubbles.sent += i.length;
      const counted = actions;
      void request(popper.c, { t: "pop", sheet: sheet.sheet, i }).then((answer) => {
        if (answer.t !== "ok") return;
        counted.bubbles.acked += i.length;
        for (const bubble of i) pops.acknowledged(`${sheet.sheet}:${bubble}`, performance.now());
      });
    }
  }, 20);

  const batches = new Map<Client, number>();
  const votes = new Map<Client, number>();
  const timers = (["polls", "claps", "wall"] as const).flatMap((toy) =>
    (byRole.get(toy) ?? []).map((c, k) =>
      setInterval(
        async () => {
          // An actor whose channel failed (its new visitor's upgrade refused or timed out) tries
          // again at its next turn, rather than standing still for the rest of the run.
          if (c.ws.readyState === WebSocket.CLOSED) {
            void connect(c).catch(() => {});
            return;
          }
          if (c.ws.readyState !== WebSocket.OPEN) return;
          const counted = actions;
          counted[toy].sent++;
          if (toy === POLLS_TOPIC) {
            // A visitor's vote on a question counts once: one who voted on every question leaves,
            // and a new visitor takes its place (a crowd voting, not one person again and again).
            const voted = votes.get(c) ?? 0;
            if (voted === QUESTIONS) {
              votes.set(c, 0);
              c.ws.terminate();
              await connect(c).catch(() => {});
              return;
            }
            votes.set(c, voted + 1);
            const q = (voted + k) % QUESTIONS;
            const answer = await request(c, { t: "vote", q, a: k % 3, device: `knee-device-${k}`.padEnd(16, "x") });
            if (answer.t !== "ok") return;
            counted.polls.acked++;
            climb(`q${q}`, POLLS_TOPIC).acknowledged(
              sum(answer.counts as number[]),
              performance.now(),
              watchersOf(POLLS_TOPIC, `q${q}`),
            );
          } else if (toy === CLAPS_TOPIC) {
            const batch = (batches.get(c) ?? 0) + 1;
            batches.set(c, batch);
            const page = `knee-page-${process.pid}-${k}`.padEnd(16, "x");
            const answer = await request(c, { t: "clap", page, batch, count: 10 });
            if (answer.t !== "ok") return;
            counted.claps.acked++;
            climb("claps", CLAPS_TOPIC).acknowledged(
              answer.total as number,
              performance.now(),
              watchersOf(CLAPS_TOPIC, "claps"),
            );
          } else {
            let cell: number;
            let e: number;
            do {
              cell = Math.floor(Math.random() * WALL_SIZE);
              e = Math.floor(Math.random() * PALETTE.length);
            } while (painted.has(`${cell}:${e}`) || c.wall?.cells[cell] === e + 1);
            painted.add(`${cell}:${e}`);
            // The server tells a cell's news before the painter's ok: timed from the paint's send.
            paints.acknowledged(`${cell}:${e}`, performance.now());
            const answer = await request(c, { t: "paint", id: `knee-${k}-${cell}-${e}-${Date.now()}`, cell, e });
            if (answer.t === "ok") counted.wall.acked++;
          }
        },
        EVERY_MS[toy] * (1 + (k % 10) / 100),
      ),
    ),
  );

  return {
    latency,
    get actions() {
      return actions;
    },
    reset() {
      for (const toy of TOYS) latency[toy] = new Histogram();
      actions = fresh();
      pops = new Keyed(latency.bubbles);
      paints = new Keyed(latency.wall);
      painted = new Set();
      climbing = new Map();
    },
    open: () => ({ open: clients.filter((c) => c.ws.readyState === WebSocket.OPEN).length, all: clients.length }),
    stop() {
      clearInterval(popping);
      for (const timer of timers) clearInterval(timer);
      for (const c of clients) c.ws.terminate();
    },
  };
}
