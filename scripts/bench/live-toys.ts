// `npm run bench:live`'s four shared toys at once: CLIENTS visitors spread over the bubble sheet,
// the polls, the claps and the emoji wall (a quarter each, each from its own address), every
// visitor keeping its toy's state as its page does; on each toy some of them act at a person's
// pace for SECONDS. Measured per topic: fan-out latency from an actor's acknowledgement (on the
// wall, from the paint's send) to the news reaching a tenth of the toy's visitors (p50 / p99 /
// max; fan-out.ts), bytes per visitor per second; per server process, CPU and memory; and at the
// end, whether every visitor's state equals the store's (each toy's HTTP state). Goal: p99 under
// 250 ms on every topic, every state equal.
import { setTimeout as sleep } from "node:timers/promises";
import WebSocket from "ws";
import { BUBBLES_PATH, BUBBLES_TOPIC } from "../../contracts/bubbles.ts";
import { CLAPS_PATH, CLAPS_TOPIC } from "../../contracts/claps.ts";
import { CLOSE, liveUrl } from "../../contracts/live.ts";
import { type Counts, POLLS_PATH, POLLS_TOPIC, QUESTIONS } from "../../contracts/polls.ts";
import { decodeCells, PALETTE, WALL_PATH, WALL_SIZE, WALL_TOPIC } from "../../contracts/wall.ts";
import { rssMb, cpuTicks as ticks } from "../lib/process-limits.ts";
import { Climbing, Keyed } from "./fan-out.ts";
import { address, Histogram, pickUnpopped } from "./live-clients.ts";
import { setUp } from "./live-servers.ts";
import { ACTORS, EVERY_MS, receive, seenOf, sum, TOYS, type Toy, type Visitor } from "./live-toy-visitor.ts";

export async function fourToys(
  kind: "SQLite" | "Redis",
  clients: number,
  seconds: number,
  lines: string[],
  failures: string[],
  {
    addresses = clients,
    label = "",
    env = {},
    during,
  }: {
    /** How many addresses the visitors come from: one each, or a school's few behind its NAT. */
    addresses?: number;
    label?: string;
    /** Settings for the servers, over the bench's. */
    env?: Record<string, string>;
    /** Run beside the actors, from their start, and waited for before the states are compared (bench-attack.ts). */
    during?: (origins: string[], pids: () => number[]) => Promise<void>;
  } = {},
): Promise<{
  live: number;
  vouched: number;
  vouchedWithinMs: number;
  fanOut: Record<Toy, { p50: number; p99: number }>;
  rssMb: number[];
  /** The honest visitors' channels the server closed during the run, by close code. */
  closedByCode: Record<string, number>;
  /** The most channels one honest address was made to yield (told busy, 4429) during the run. */
  busiestAddressYielded: number;
}> {
  // The production defaults, but for the channels in all (the bench's visitors are more).
  const setup = await setUp(kind, 10_000, clients, env);
  const latency = Object.fromEntries(TOYS.map((toy) => [toy, new Histogram()])) as Record<Toy, Histogram>;
  const climbing = new Map<string, Climbing>();
  const climb = (key: string, toy: Toy) => {
    const known = climbing.get(key);
    if (known) return known;
    const made = new Climbing(latency[toy]);
    climbing.set(key, made);
    return made;
  };
  const pops = new Keyed(latency.bubbles);
  const paints = new Keyed(latency.wall);
  const timing = { climb, pops, paints };
  const visitors: Visitor[] = [];
  const closedByCode: Record<string, number> = {};
  const yieldedBy = new Map<string, number>();
  let counting = true;

  const request = (v: Visitor, message: object) =>
    new Promise<Record<string, unknown>>((resolve) => {
      const n = ++v.n;
      v.answers.set(n, resolve);
      v.ws.send(JSON.stringify({ topic: v.toy, ...message, n }));
    });

  const opening = performance.now();
  try {
    for (let k = 0; k < clients; k += 100) {
      await Promise.all(
        Array.from({ length: Math.min(100, clients - k) }, (_, j) => {
          const index = k + j;
          const toy = TOYS[index % TOYS.length] as Toy;
          // Each toy's visitors spread over the addresses (index >> 2 is the visitor's place among
          // its toy's).
          const from = address(((index >> 2) % addresses) + 1);
          const ws = new WebSocket(
            setup.origins[index % setup.origins.length]?.replace(/^http/, "ws") + liveUrl([toy]),
            { headers: { "X-Forwarded-For": from }, perMessageDeflate: false },
          );
          ws.on("close", (code) => {
            if (!counting) return;
            closedByCode[code] = (closedByCode[code] ?? 0) + 1;
            if (code === CLOSE.busy) yieldedBy.set(from, (yieldedBy.get(from) ?? 0) + 1);
          });
          const visitor: Visitor = {
            toy,
            ws,
            state: { sheet: null, counts: null, total: null, wall: null },
            bytes: 0,
            measure: Math.floor(index / TOYS.length) % 10 === 0,
            seen: new Map(),
            answers: new Map(),
            n: 0,
            vouchedAt: null,
          };
          visitors.push(visitor);
          ws.on("message", (data, isBinary) => receive(visitor, data as Buffer, isBinary, timing));
          return new Promise((resolve, reject) => {
            ws.once("open", resolve);
            ws.once("error", reject);
          });
        }),
      );
    }
    const ready = performance.now();
    const hasState = (v: Visitor) =>
      v.toy === BUBBLES_TOPIC
        ? v.state.sheet !== null
        : v.toy === POLLS_TOPIC
          ? v.state.counts !== null
          : v.toy === CLAPS_TOPIC
            ? v.state.total !== null
            : v.state.wall !== null;
    while (visitors.some((v) => !hasState(v)) && performance.now() - ready < 30_000) await sleep(100);
    const live = () => visitors.filter((v) => v.ws.readyState === v.ws.OPEN && hasState(v)).length;
    const liveAtStart = live();

    const watchersOf = (toy: Toy, key: string) =>
      visitors.filter((v) => v.toy === toy && v.measure).map((v) => seenOf(v, key));
    const ticksBefore = setup.pids().map(ticks);
    const bytesBefore = visitors.map((v) => v.bytes);
    const started = performance.now();
    const actions = Object.fromEntries(TOYS.map((toy) => [toy, 0])) as Record<Toy, number>;
    const actors = TOYS.flatMap((toy) => visitors.filter((v) => v.toy === toy).slice(0, ACTORS));
    /** Each clapping page's batch number (the server counts a page's batch once). */
    const batches = new Map<Visitor, number>();
    const painted = new Set<string>();
    const timers = actors.map((actor, k) =>
      setInterval(
        async () => {
          if (performance.now() - started > seconds * 1000 || actor.ws.readyState !== actor.ws.OPEN) return;
          actions[actor.toy]++;
          if (actor.toy === BUBBLES_TOPIC && actor.state.sheet) {
            const sheet = actor.state.sheet;
            const i = pickUnpopped(sheet, 1);
            if (i.length === 0) return;
            const answer = await request(actor, { t: "pop", sheet: sheet.sheet, i });
            if (answer.t === "ok")
              for (const bubble of i) pops.acknowledged(`${sheet.sheet}:${bubble}`, performance.now());
          } else if (actor.toy === POLLS_TOPIC) {
            const q = (actions.polls + k) % QUESTIONS;
            const device = `bench-device-${kind}-${k}-${actions.polls}`.padEnd(16, "x");
            const answer = await request(actor, { t: "vote", q, a: actions.polls % 3, device });
            if (answer.t === "ok")
              climb(`q${q}`, POLLS_TOPIC).acknowledged(
                sum(answer.counts as Counts),
                performance.now(),
                watchersOf(POLLS_TOPIC, `q${q}`),
              );
          } else if (actor.toy === CLAPS_TOPIC) {
            const batch = (batches.get(actor) ?? 0) + 1;
            batches.set(actor, batch);
            const answer = await request(actor, {
              t: "clap",
              page: `bench-page-${kind}-${k}`.padEnd(16, "x"),
              batch,
              count: 10,
            });
            if (answer.t === "ok")
              climb("claps", CLAPS_TOPIC).acknowledged(
                answer.total as number,
                performance.now(),
                watchersOf(CLAPS_TOPIC, "claps"),
              );
          } else if (actor.toy === WALL_TOPIC) {
            // Each paint a cell and emoji of its own in the run, so its news is told from another's.
            let cell: number;
            let e: number;
            do {
              cell = Math.floor(Math.random() * WALL_SIZE);
              e = Math.floor(Math.random() * PALETTE.length);
            } while (painted.has(`${cell}:${e}`));
            painted.add(`${cell}:${e}`);
            // The server tells a cell's news before the painter's ok: timed from the paint's send.
            paints.acknowledged(`${cell}:${e}`, performance.now());
            // Each paint names itself, as a page's does (contracts/wall.ts PAINT_ID).
            await request(actor, { t: "paint", id: `bench-${k}-${cell}-${e}-${Date.now()}`, cell, e });
          }
        },
        EVERY_MS[actor.toy] * (1 + (k % 10) / 100),
      ),
    );
    const beside = during?.(setup.origins, setup.pids);
    await sleep(seconds * 1000 + 500);
    for (const timer of timers) clearInterval(timer);
    await beside;
    const elapsed = (performance.now() - started) / 1000;
    const cpu = setup.pids().map((pid, k) => ((ticks(pid) - (ticksBefore[k] ?? 0)) / 100 / elapsed) * 100);
    const rss = setup.pids().map(rssMb);

    // Every visitor's state against the store's, after a moment to settle.
    let wrong: Record<Toy, number> = { bubbles: 0, polls: 0, claps: 0, wall: 0 };
    for (let attempt = 0; attempt < 10; attempt++) {
      await sleep(1000);
      const origin = setup.origins[0] as string;
      const [sheet, polls, claps, wall] = await Promise.all(
        [BUBBLES_PATH, POLLS_PATH, CLAPS_PATH, WALL_PATH].map((path) =>
          fetch(origin + path).then((r) => r.json() as Promise<Record<string, unknown>>),
        ),
      );
      const bits = Buffer.from(String(sheet?.bits), "base64");
      wrong = {
        bubbles: visitors.filter(
          (v) =>
            v.toy === BUBBLES_TOPIC &&
            !(v.state.sheet && v.state.sheet.sheet === sheet?.sheet && Buffer.from(v.state.sheet.bits).equals(bits)),
        ).length,
        polls: visitors.filter(
          (v) => v.toy === POLLS_TOPIC && JSON.stringify(v.state.counts) !== JSON.stringify(polls?.counts),
        ).length,
        claps: visitors.filter((v) => v.toy === CLAPS_TOPIC && v.state.total !== claps?.total).length,
        wall: visitors.filter(
          (v) =>
            v.toy === WALL_TOPIC &&
            JSON.stringify([...(v.state.wall?.cells ?? [])]) !== JSON.stringify([...(decodeCells(wall?.cells) ?? [])]),
        ).length,
      };
      if (Object.values(wrong).every((n) => n === 0)) break;
    }
    const liveAtEnd = live();
    if (liveAtStart < clients || liveAtEnd < clients) {
      failures.push(`four toys, ${kind}${label}: ${liveAtStart} then ${liveAtEnd} of ${clients} visitors live`);
    }
    for (const toy of TOYS) {
      const mine = visitors.filter((v) => v.toy === toy);
      const perVisitor =
        mine.reduce((total, v) => total + v.bytes - (bytesBefore[visitors.indexOf(v)] ?? 0), 0) / mine.length / elapsed;
      const h = latency[toy];
      const p99 = h.quantile(0.99);
      if (p99 >= 250 || wrong[toy] > 0 || h.total === 0) {
        failures.push(
          `four toys, ${kind}, ${toy}: p99 ${p99} ms over ${h.total} arrivals, ${wrong[toy]} visitors differ from the store`,
        );
      }
      lines.push(
        `| ${kind} (${setup.origins.length} process${setup.origins.length > 1 ? "es" : ""})${label} | ${toy} | ${mine.length} | ${actions[toy]} (${Math.round(actions[toy] / elapsed)} a second) | ${h.quantile(0.5)} / ${p99} / ${Math.round(h.max)} ms | ${(perVisitor / 1024).toFixed(2)} KB | ${toy === BUBBLES_TOPIC ? `${cpu.map((c) => `${Math.round(c)}%`).join(", ")}; ${rss.map((r) => `${Math.round(r)} MB`).join(", ")}` : "〃"} | ${wrong[toy] === 0 ? "all equal" : `${wrong[toy]} differ ✗`} |`,
      );
    }
    const vouched = visitors.filter((v) => v.vouchedAt !== null);
    return {
      live: Math.min(liveAtStart, liveAtEnd),
      vouched: vouched.length,
      vouchedWithinMs: Math.max(0, ...vouched.map((v) => (v.vouchedAt as number) - opening)),
      fanOut: Object.fromEntries(
        TOYS.map((toy) => [toy, { p50: latency[toy].quantile(0.5), p99: latency[toy].quantile(0.99) }]),
      ) as Record<Toy, { p50: number; p99: number }>,
      rssMb: rss,
      closedByCode,
      busiestAddressYielded: Math.max(0, ...yieldedBy.values()),
    };
  } finally {
    counting = false;
    for (const v of visitors) v.ws.terminate();
    await setup.stop();
  }
}
