import { randomInt } from "node:crypto";
import fc from "fast-check";
import { afterAll, beforeAll, expect, it } from "vitest";
import WebSocket from "ws";
import { isPopped } from "../../contracts/bubbles.ts";
import { LIVE_PATH } from "../../contracts/live.ts";
import { CLICK_BODIES, CLICK_QUERIES } from "../clicks/routes.ts";
import { type FuzzSite, freshAddresses, startFuzzSite } from "../test/fuzz-site.ts";
import { dangerousName, oddString } from "../test/hostile-json.ts";
import { type LiveClient, openLive, poppedIn } from "../test/live-client.ts";
import { type Frame, liveFrame } from "../test/protocol-arbitraries.ts";
import { type FuzzRequest, fuzzRequest, type RouteSchemas } from "../test/request-arbitraries.ts";
import { growth, type Retained, SETTLE_MS } from "../test/retained-memory.ts";
import { readSharedProtocol, type SharedProtocol } from "../test/shared-topics.ts";
import { sharedViews } from "../test/shared-views.ts";

/**
 * A fuzzer that would have found issue 44 (`{"topic":"bubbles","t":"constructor"}` ended the
 * process): every topic of SHARED_TOYS is sent messages made from its own schemas, valid first,
 * then mutated with the names and values JavaScript trips over (`constructor`, `__proto__`, -0,
 * 1e309, lone surrogates, arrays deep and huge ...) in any field, `topic` and `t` included; and
 * every route of the API is sent bodies and queries made the same way. A run fails when the
 * server ends, closes a channel with 1011, answers a 5xx, or logs an error (a fault its boundary
 * caught is a bug still); fast-check then shrinks the run to the smallest that still does.
 * Afterwards the process is up, holds no more than it did, has only its honest channels open,
 * each honest visitor sees every shared toy as the store has it, and no fault was counted.
 *
 * Seeded (the seed is printed; FUZZ_SEED=<seed> replays it) and bounded in `npm test`;
 * FUZZ_MINUTES=10 runs as many runs as fit in ten minutes.
 */
const MINUTES_SET = Number(process.env.FUZZ_MINUTES ?? 0) > 0;
/**
 * The same seed on every bounded run (`npm test` and CI: a run that passes once passes again, and a
 * failure is the code's, reproducible), a new one each long run (FUZZ_MINUTES: more ground).
 */
const SEED = Number(process.env.FUZZ_SEED ?? (MINUTES_SET ? randomInt(2 ** 31) : 20261127));
const MINUTES = Number(process.env.FUZZ_MINUTES ?? 0);
/**
 * Runs in `npm test`: about 10 s of the live channel and 3 s of the API on a quiet machine (two
 * cores, 2026-11-27); on a busy one they stop at LIVE_MS and HTTP_MS, having said how many ran.
 */
const LIVE_RUNS = 3000;
const HTTP_RUNS = 1500;
const LIVE_MS = 15_000;
const HTTP_MS = 5_000;
const HONEST = 6;
const SIZE = 4096;
/** How the runs share the time given (FUZZ_MINUTES): most of it on the live channel. */
const liveMs = MINUTES > 0 ? MINUTES * 60_000 * 0.75 : LIVE_MS;
const httpMs = MINUTES > 0 ? MINUTES * 60_000 * 0.25 : HTTP_MS;
/** The runs asked for, or as many as fit (FUZZ_MINUTES); a run cut short by the time says how many it made. */
const limits = (runs: number, ms: number) => ({
  numRuns: MINUTES > 0 ? Number.MAX_SAFE_INTEGER : runs,
  plugins: [fc.interruptAfterTimeLimit(ms)],
});

/** The routes whose bodies and parameters have schemas; every other route gets dangerous ones only. */
const ROUTE_SCHEMAS: Record<string, RouteSchemas> = {
  "/api/clicks": { bodies: Object.values(CLICK_BODIES), query: CLICK_QUERIES },
};

let protocol: SharedProtocol;
let site: FuzzSite;
let honest: LiveClient[] = [];
let baseline: Retained;
let popping: ReturnType<typeof setInterval>;
const address = freshAddresses();

beforeAll(async () => {
  console.log(`protocol fuzz: FUZZ_SEED=${SEED}${MINUTES > 0 ? ` FUZZ_MINUTES=${MINUTES}` : ""}`);
  protocol = await readSharedProtocol();
  site = await startFuzzSite({ BUBBLES_SHEET_SIZE: String(SIZE), TRUST_PROXY: "loopback", LIVE_HEARTBEAT_MS: "250" });
  const topics = ["bubbles", ...protocol.topics.map((t) => t.topic).filter((t) => t !== "bubbles")];
  honest = await Promise.all(
    Array.from({ length: HONEST }, (_, k) =>
      openLive(site.origin, topics, { headers: { "X-Forwarded-For": `192.0.2.${k + 1}` } }),
    ),
  );
  await Promise.all(honest.map((client) => client.until(() => client.sheet !== null && client.visitor !== null)));
  baseline = await site.retained();
  let n = 0;
  // Honest visitors pop as people do, while the fuzzer goes on around them.
  popping = setInterval(() => {
    for (const client of honest) {
      if (client.ws.readyState !== client.ws.OPEN || !client.sheet) continue;
      client.send({ t: "pop", n: ++n, sheet: client.sheet.sheet, i: [Math.floor(Math.random() * SIZE)] });
    }
  }, 200);
}, 60_000);

afterAll(async () => {
  clearInterval(popping);
  for (const client of honest) client.close();
  await site?.stop();
});

const show = (frames: readonly Frame[]) =>
  frames.map((frame) => (typeof frame === "string" ? JSON.stringify(frame) : `bytes ${frame.bytes}`)).join("\n  ");

/** The last runs' frames or requests, for a fault logged after its run had ended (a rejection after an await). */
const recent: string[] = [];

/** What a run left behind that it must not, and what the last runs sent (a fault logged late names them too). */
async function faults(): Promise<string[]> {
  const found = await site.faults();
  return found.length === 0 ? found : [...found, `the last runs sent (this one last):\n  ${recent.join("\n  ")}`];
}

/** How the fuzzer's channels were closed, and how often: what it reached. */
const closes = new Map<string, number>();

interface LiveRun {
  topics: string[];
  /** The visitor token named: a hostile string, an honest visitor's (replayed), or none. */
  visitor: string | { honest: number } | null;
  frames: Frame[];
}

/** Opens a channel as the run says, sends its frames, then a frame that is not JSON, and waits for the close. */
async function liveRun({ topics, visitor, frames }: LiveRun) {
  await site.up();
  const query = new URLSearchParams({ topics: topics.join(",") });
  const token = typeof visitor === "object" && visitor ? honest[visitor.honest % HONEST]?.visitor : visitor;
  if (token) query.set("visitor", token);
  const ws = new WebSocket(`${site.origin.replace(/^http/, "ws")}${LIVE_PATH}?${query}`, {
    headers: { "X-Forwarded-For": address() },
  });
  ws.on("error", () => {});
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on("close", (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  const opened = await new Promise<string | null>((resolve) => {
    ws.once("open", () => resolve(null));
    ws.once("unexpected-response", (_, response) => resolve(`refused with ${response.statusCode}`));
    ws.once("error", (error) => resolve(error.message));
  });
  if (opened) {
    await site.ended(2000);
    throw new Error(
      `the channel did not open: ${opened} (${query.toString().length} characters of query)\n  ${(await faults()).join("\n  ")}`,
    );
  }
  for (const frame of frames) {
    if (typeof frame === "string") ws.send(frame);
    else ws.send(Buffer.from(frame.bytes), { binary: frame.binary });
  }
  // Not JSON: the channel closes with 1008 once it has dealt with every frame before it.
  ws.send("the end");
  let timer: ReturnType<typeof setTimeout> | undefined;
  const { code, reason } = await Promise.race([
    closed,
    new Promise<{ code: number; reason: string }>((resolve) => {
      timer = setTimeout(() => resolve({ code: 0, reason: "still open after 10 s" }), 10_000);
    }),
  ]);
  clearTimeout(timer);
  ws.terminate();
  closes.set(`${code} ${reason}`, (closes.get(`${code} ${reason}`) ?? 0) + 1);
  recent.push(show(frames));
  if (recent.length > 3) recent.shift();
  // Cut without a close (1006): the process may be ending; the run that did it is this one.
  if (code === 1006) await site.ended(2000);
  const found = await faults();
  // 1008: a message it does not take; 1009: one too large; 1007: a text frame that is not UTF-8.
  if (![1007, 1008, 1009].includes(code) || found.length > 0) {
    throw new Error(`closed ${code} (${reason}) after:\n  ${show(frames)}\n${found.join("\n")}`);
  }
}

it(
  "takes every message made from the topics' schemas, valid or mutated, without a fault",
  async () => {
    const topics = protocol.topics.map(({ topic }) => topic);
    const run: fc.Arbitrary<LiveRun> = fc.record({
      topics: fc.oneof({ weight: 5, arbitrary: fc.constant(topics) }, fc.shuffledSubarray(topics, { minLength: 1 })),
      visitor: fc.oneof(
        { weight: 4, arbitrary: fc.constant(null) },
        fc.record({ honest: fc.nat() }),
        // Cut to what fits in a request line (a longer one is refused by Node's parser, 431, before the channel).
        fc
          .oneof(oddString, dangerousName, fc.stringMatching(/^[A-Za-z0-9_.-]{16,200}$/))
          .map((text) => text.slice(0, 300)),
      ),
      frames: fc.array(liveFrame(protocol), { minLength: 1, maxLength: 6 }),
    });
    const started = Date.now();
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(run, async (r) => {
        runs++;
        await liveRun(r);
      }),
      { seed: SEED, ...limits(LIVE_RUNS, liveMs) },
    );
    const taken = /^pointless_live_messages_in_total\{topic="(\w+)"\} (\d+)$/gm;
    console.log(
      `protocol fuzz: ${runs} live runs in ${((Date.now() - started) / 1000).toFixed(1)} s; closed ${JSON.stringify(Object.fromEntries(closes))}; messages taken ${[...(await site.metrics()).matchAll(taken)].map((m) => `${m[1]} ${m[2]}`)}`,
    );
  },
  120_000 + liveMs,
);

/** What the API answered the fuzzer, and how often. */
const statuses = new Map<string, number>();

async function httpRun(request: FuzzRequest) {
  await site.up();
  let status: number | string;
  try {
    const response = await fetch(site.origin + request.target, {
      method: request.method,
      headers: { "Content-Type": request.contentType, "X-Forwarded-For": request.forwardedFor ?? address() },
      body: request.body,
      redirect: "manual",
      signal: AbortSignal.timeout(10_000),
    });
    await response.arrayBuffer();
    status = response.status;
    recent.push(`${request.method} ${request.target} ${request.body ?? ""}`);
    if (recent.length > 3) recent.shift();
    statuses.set(`${request.method} ${status}`, (statuses.get(`${request.method} ${status}`) ?? 0) + 1);
  } catch (error) {
    // No answer: the process may be ending; the request that did it is this one.
    await site.ended(2000);
    status = `no answer (${error instanceof Error ? error.message : error})`;
  }
  const found = await faults();
  if (typeof status !== "number" || status >= 500 || found.length > 0) {
    throw new Error(`${request.method} ${request.target} answered ${status}\n${found.join("\n")}`);
  }
}

it(
  "answers every route's bodies and queries, valid or mutated, with a 4xx at worst",
  async () => {
    const started = Date.now();
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(fuzzRequest(protocol.routes, ROUTE_SCHEMAS), async (request) => {
        runs++;
        await httpRun(request);
      }),
      { seed: SEED + 1, ...limits(HTTP_RUNS, httpMs) },
    );
    console.log(
      `protocol fuzz: ${runs} requests in ${((Date.now() - started) / 1000).toFixed(1)} s; answered ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
  },
  120_000 + httpMs,
);

it(
  "is up afterwards, holding what it held, with only its honest visitors, each seeing what the store has",
  async () => {
    expect(site.restarts(), "the server ended during the fuzz: see the run that ended it above").toBe(0);
    expect(site.alive()).toBe(true);
    expect((await fetch(`${site.origin}/healthz`)).status).toBe(200);
    const openChannels = async () => Number(/^pointless_live_channels (\d+)$/m.exec(await site.metrics())?.[1]);
    await expect.poll(openChannels, { timeout: 10_000 }).toBe(HONEST);
    expect(honest.every((client) => client.ws.readyState === client.ws.OPEN)).toBe(true);
    // No fault counted, none logged, in the whole run.
    expect(await site.metrics()).not.toMatch(/^pointless_live_faults_total\{.*\} [1-9]/m);
    expect(site.allErrors()).toEqual([]);
    // What it retains, after a full collection on both sides (retained-memory.ts says why), once
    // the rate limits' windows for the last runs' addresses have passed.
    let after = baseline;
    await expect
      .poll(
        async () => {
          after = await site.retained();
          return growth(baseline, after);
        },
        { timeout: SETTLE_MS, interval: 2000 },
      )
      .toSatisfy(({ heap, rss }: { heap: number; rss: number }) => heap < 16 && rss < 60);
    console.log(
      `protocol fuzz: retained ${after.heap.toFixed(1)} MB heap, ${after.external.toFixed(1)} MB external, ${after.rss.toFixed(0)} MB resident (before: ${baseline.heap.toFixed(1)}, ${baseline.external.toFixed(1)}, ${baseline.rss.toFixed(0)})`,
    );
    // Every honest visitor's view of every shared toy is the store's.
    const get = async (path: string) =>
      (await fetch(site.origin + path, { headers: { "X-Forwarded-For": address() } })).json() as Promise<
        Record<string, unknown>
      >;
    await expect
      .poll(
        async () => {
          const [bubbles, wall, polls, claps, clicks] = await Promise.all(
            ["/api/bubbles", "/api/wall", "/api/polls", "/api/claps", "/api/clicks"].map(get),
          );
          const bits = new Uint8Array(Buffer.from(String(bubbles?.bits), "base64"));
          const popped = Array.from({ length: SIZE }, (_, i) => i).filter((i) => isPopped(bits, i));
          return honest.map((client) => {
            const views = sharedViews(client.messages);
            return {
              sheet: client.sheet?.sheet === bubbles?.sheet && poppedIn(client.sheet).join() === popped.join(),
              wall: views.wall === wall?.cells && !views.wallGap,
              polls: JSON.stringify(views.polls) === JSON.stringify(polls?.counts),
              claps: (views.claps ?? 0) === claps?.total,
              clicks: (views.clicks ?? 0) === clicks?.total,
            };
          });
        },
        { timeout: 10_000 },
      )
      .toEqual(honest.map(() => ({ sheet: true, wall: true, polls: true, claps: true, clicks: true })));
  },
  60_000 + SETTLE_MS,
);
