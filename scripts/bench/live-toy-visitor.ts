// What each of bench:live's visitors of the four shared toys holds (its toy's state, as its page
// keeps it) and how it takes a frame from its channel: the state brought up to date, answers to
// its requests resolved, and, for the visitors measured, each piece of news timed as it arrives
// (fan-out.ts). The run itself is live-toys.ts.
import type WebSocket from "ws";
import { applyPops, BUBBLES_TOPIC, decodeSheet, nextSheet, type Sheet } from "../../contracts/bubbles.ts";
import { CLAPS_TOPIC } from "../../contracts/claps.ts";
import { readTopicFrame } from "../../contracts/live.ts";
import { type Counts, POLLS_TOPIC } from "../../contracts/polls.ts";
import { applyCells, decodeCells, WALL_TOPIC } from "../../contracts/wall.ts";
import type { Climbing, Keyed } from "./fan-out.ts";

export type Toy = typeof BUBBLES_TOPIC | typeof POLLS_TOPIC | typeof CLAPS_TOPIC | typeof WALL_TOPIC;
export const TOYS: readonly Toy[] = [BUBBLES_TOPIC, POLLS_TOPIC, CLAPS_TOPIC, WALL_TOPIC];
/** Actors per toy, and how often each acts (a person's pace, within each toy's limits). */
export const ACTORS = 25;
export const EVERY_MS: Record<Toy, number> = { bubbles: 100, polls: 1500, claps: 500, wall: 3300 };

/** What a visitor holds of its toy, as its page does. */
export interface State {
  sheet: Sheet | null;
  counts: Counts[] | null;
  total: number | null;
  wall: { cells: Uint8Array; seq: number } | null;
}

export interface Visitor {
  toy: Toy;
  ws: WebSocket;
  state: State;
  bytes: number;
  measure: boolean;
  /** Per climbing number watched: the highest value seen. */
  seen: Map<string, { seen: number }>;
  answers: Map<number, (message: Record<string, unknown>) => void>;
  n: number;
  /** When the server gave it a visitor token (ms, performance.now()), or null. */
  vouchedAt: number | null;
}

/** The timers a measured visitor reports to: climbing numbers by key, pops and paints. */
export interface Timing {
  climb: (key: string, toy: Toy) => Climbing;
  pops: Keyed;
  paints: Keyed;
}

/** Takes one frame from a visitor's channel. */
export function receive(v: Visitor, data: Buffer, isBinary: boolean, { climb, pops, paints }: Timing) {
  v.bytes += data.length;
  const now = performance.now();
  const { state } = v;
  if (isBinary) {
    const frame = readTopicFrame(new Uint8Array(data));
    if (frame?.topic === BUBBLES_TOPIC) state.sheet = decodeSheet(frame.payload);
    return;
  }
  const m = JSON.parse(data.toString()) as Record<string, unknown> & { t: string };
  if (m.t === "visitor") v.vouchedAt ??= now;
  if (m.t === "ok" || m.t === "no") {
    v.answers.get(m.n as number)?.(m);
    v.answers.delete(m.n as number);
  }
  if (m.t === "pops" && state.sheet) {
    const { fresh } = applyPops(state.sheet, m as never);
    if (v.measure) for (const i of fresh) pops.arrived(`${m.sheet}:${i}`, now);
  } else if (m.t === "done" && state.sheet) state.sheet = nextSheet(state.sheet, m as never);
  else if (m.t === "tallies") state.counts = m.counts as Counts[];
  else if (m.t === "tally" && state.counts) {
    const q = m.q as number;
    state.counts[q] = m.counts as Counts;
    if (v.measure) climb(`q${q}`, POLLS_TOPIC).seen(seenOf(v, `q${q}`), sum(m.counts as Counts), now);
  } else if (m.t === "crowd") {
    state.total = m.total as number;
    if (v.measure) climb("claps", CLAPS_TOPIC).seen(seenOf(v, "claps"), state.total, now);
  } else if (m.t === "wall") {
    const cells = decodeCells(m.cells);
    if (cells) state.wall = { cells, seq: m.seq as number };
  } else if (m.t === "cells" && state.wall) {
    const { gap } = applyCells(state.wall, m as never);
    if (gap) v.ws.send(JSON.stringify({ topic: WALL_TOPIC, t: "sync" }));
    if (v.measure) for (const [cell, e] of m.c as [number, number][]) paints.arrived(`${cell}:${e}`, now);
  }
}
export const seenOf = (v: Visitor, key: string) => {
  const known = v.seen.get(key);
  if (known) return known;
  const made = { seen: 0 };
  v.seen.set(key, made);
  return made;
};
export const sum = (counts: readonly number[]) => counts.reduce((a, b) => a + b, 0);
