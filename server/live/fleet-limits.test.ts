import type { ChildProcess } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { liveUrl, type NoMessage, type OkMessage } from "../../contracts/live.ts";
import { freePort, startRedis, startSiteProcess, stopProcess } from "../../scripts/lib/local-servers.ts";
import { STORE_AWAY, tooFast } from "../bubbles/refusals.ts";
import { type LiveClient, openLive, type ServerMessage } from "../test/live-client.ts";
import { makeSiteFixture } from "../test/site-fixture.ts";

/**
 * The pop and upgrade limits across a fleet: two real server processes on one real redis-server,
 * each visitor known by the address our proxy (loopback, TRUST_PROXY) wrote in X-Forwarded-For.
 * One address spread over both servers gets what the limit grants once, not once per server;
 * with Redis frozen each process counts in its own memory and answers within the store's
 * deadline; and the operator's metrics, on their own port, count the refusals.
 *
 * The tests run in order and share the servers; the last one reads the refusals the others
 * caused, as they were counted here.
 */
const DEADLINE_MS = 300;
/** "30/60": 30 pops, then 60 a minute, kept as a fixed window of 30 pops per 30 s (main.ts). */
const POPS_PER_WINDOW = 30;
const POP_WINDOW_MS = 30_000;
/** "4/1": 4 new channels, then one a minute, kept as a window of 4 per 240 s. */
const UPGRADES_PER_WINDOW = 4;
const UPGRADE_WINDOW_S = 240;

interface Server {
  origin: string;
  child: ChildProcess;
  metricsPort: number;
}

let redis: { url: string; child: ChildProcess };
let site: ReturnType<typeof makeSiteFixture>;
let a: Server;
let b: Server;
const open: WebSocket[] = [];
const clients: LiveClient[] = [];
/** What the servers refused, as the visitors saw it: the metrics must say the same. */
const refused = { upgradesRate: 0, popsRate: 0, popsStore: 0 };

async function startServer(): Promise<Server> {
  const metricsPort = await freePort();
  const { origin, child } = await startSiteProcess({
    SITE_DIR: site.client,
    REDIS_URL: redis.url,
    TRUST_PROXY: "loopback",
    STORE_DEADLINE_MS: String(DEADLINE_MS),
    BUBBLES_SHEET_SIZE: "2000",
    BUBBLES_POP_LIMIT: `${POPS_PER_WINDOW}/60`,
    LIVE_UPGRADE_LIMIT: `${UPGRADES_PER_WINDOW}/1`,
    METRICS_PORT: String(metricsPort),
  });
  return { origin, child, metricsPort };
}

beforeAll(async () => {
  site = makeSiteFixture();
  redis = await startRedis();
  a = await startServer();
  b = await startServer();
}, 30_000);

afterAll(async () => {
  for (const ws of open) ws.terminate();
  for (const client of clients) client.ws.terminate();
  redis?.child.kill("SIGCONT");
  await Promise.all([a && stopProcess(a.child), b && stopProcess(b.child)]);
  if (redis) await stopProcess(redis.child);
  site?.remove();
});

/**
 * An upgrade to the live channel from `address`: "open", or "busy" (opened only to be told so,
 * then closed with 4429) with when to come back, and how long the answer took.
 */
function upgrade(server: Server, address: string): Promise<{ status: "open" | "busy"; retryMs?: number; ms: number }> {
  const started = performance.now();
  const ws = new WebSocket(server.origin.replace(/^http/, "ws") + liveUrl(["bubbles"]), {
    headers: { "X-Forwarded-For": address },
  });
  ws.on("error", () => {});
  return new Promise((resolve, reject) => {
    ws.on("message", (data, isBinary) => {
      if (isBinary) return;
      const message = JSON.parse(data.toString()) as { t: string; retryMs?: number; topic?: string };
      if (message.t === "busy") {
        refused.upgradesRate++;
        resolve({ status: "busy", retryMs: message.retryMs, ms: performance.now() - started });
      } else if (message.t === "visitor" || message.topic) {
        open.push(ws);
        resolve({ status: "open", ms: performance.now() - started });
      }
    });
    ws.once("unexpected-response", () => reject(new Error("refused over HTTP")));
    ws.once("close", () => reject(new Error("closed before an answer")));
  });
}

/**
 * A visitor on the bubble sheet from `address`, once it has the sheet and knows who it is: a new
 * one, or the one whose token it names (a browser's tabs, wherever they land).
 */
async function visitor(server: Server, address: string, token?: string): Promise<LiveClient> {
  const client = await openLive(server.origin, ["bubbles"], {
    headers: { "X-Forwarded-For": address },
    visitor: token,
  });
  clients.push(client);
  await client.until(() => client.sheet !== null && (token !== undefined || client.visitor !== null));
  return client;
}

const answers = (client: LiveClient) =>
  client.messages.filter((m: ServerMessage): m is OkMessage | NoMessage => m.t === "ok" || m.t === "no");

/** Message `n`: ten pops, on bubbles no other message of the test pops (from `offset + 10n`). */
function pop(client: LiveClient, n: number, offset: number) {
  client.send({
    t: "pop",
    n,
    sheet: client.sheet?.sheet,
    i: Array.from({ length: 10 }, (_, k) => offset + n * 10 + k),
  });
}

describe("limits kept in Redis for two servers", () => {
  it("admit one visitor's pops through both servers at once as many times as the limit grants, not twice", async () => {
    const address = "203.0.113.10";
    const onA = await visitor(a, address);
    // The same visitor (its token, as its browser keeps it) on the other server.
    const onB = await visitor(b, address, onA.visitor ?? undefined);
    expect(onB.visitor).toBeNull();
    expect(onB.sheet?.sheet).toBe(onA.sheet?.sheet);
    const started = performance.now();
    // Eight messages of ten pops, alternately to each server, as fast as they go.
    for (let n = 1; n <= 8; n++) pop(n % 2 ? onA : onB, n, 100);
    await onA.until(() => answers(onA).length === 4);
    await onB.until(() => answers(onB).length === 4);
    // All within one window (it starts at the first pop): nothing was refilled meanwhile, so the
    // fleet admits exactly the burst. Two servers counting apart would admit 30 each.
    expect(performance.now() - started).toBeLessThan(POP_WINDOW_MS);
    const all = [...answers(onA), ...answers(onB)];
    const ok = all.filter((m) => m.t === "ok");
    const no = all.filter((m): m is NoMessage => m.t === "no");
    expect(ok.length * 10).toBe(POPS_PER_WINDOW);
    expect(no).toHaveLength(5);
    for (const refusal of no) {
      expect(refusal.error).toBe(tooFast(1).error);
      expect(refusal.retryMs).toBeGreaterThan(0);
      expect(refusal.retryMs).toBeLessThanOrEqual(POP_WINDOW_MS);
    }
    refused.popsRate += no.length * 10;
  }, 20_000);

  it("refuse one address's fifth new channel across both servers, saying when to come back", async () => {
    const address = "203.0.113.20";
    const results = [];
    for (const server of [a, b, a, b, a, b]) results.push(await upgrade(server, address));
    expect(results.map((r) => r.status)).toEqual(["open", "open", "open", "open", "busy", "busy"]);
    for (const { retryMs } of results.slice(UPGRADES_PER_WINDOW)) {
      expect(retryMs).toBeGreaterThan(0);
      expect(retryMs).toBeLessThanOrEqual(UPGRADE_WINDOW_S * 1000);
    }
    // Another address is not held up by this one.
    expect((await upgrade(b, "203.0.113.21")).status).toBe("open");
  }, 20_000);

  it("with Redis frozen, answer from each process's memory within the store's deadline, and refuse pops with a reason", async () => {
    redis.child.kill("SIGSTOP");
    try {
      // A new address: the fleet's count is out of reach, the process counts it alone, and still
      // refuses the fifth channel.
      const address = "203.0.113.30";
      const results = [];
      for (let k = 0; k < UPGRADES_PER_WINDOW + 1; k++) results.push(await upgrade(a, address));
      expect(results.map((r) => r.status)).toEqual(["open", "open", "open", "open", "busy"]);
      for (const { ms } of results) expect(ms).toBeLessThan(DEADLINE_MS + 1000);

      // Pops: admitted by this process's count (30 of 40), then refused because the sheet is out
      // of reach, with a reason and a time to try again; the ten past the limit as too fast.
      const client = await visitor(a, "203.0.113.31");
      const started = performance.now();
      for (let n = 1; n <= 4; n++) pop(client, n, 500);
      await client.until(() => answers(client).length === 4, 5000);
      // The limiter's deadline, the 40 ms batch, the store's deadline: nothing hangs.
      expect(performance.now() - started).toBeLessThan(2 * DEADLINE_MS + 1000);
      const byReason = answers(client).map((m) => (m.t === "no" ? m.error : "ok"));
      expect(byReason.toSorted()).toEqual(
        [STORE_AWAY.error, STORE_AWAY.error, STORE_AWAY.error, tooFast(1).error].toSorted(),
      );
      for (const m of answers(client)) expect((m as NoMessage).retryMs).toBeGreaterThan(0);
      refused.popsStore += 30;
      refused.popsRate += 10;
    } finally {
      redis.child.kill("SIGCONT");
    }
    // Redis is back: pops from a new address are written again.
    const back = await visitor(b, "203.0.113.32");
    pop(back, 1, 900);
    await back.until(() => answers(back).length === 1, 5000);
    expect(answers(back)).toEqual([{ topic: "bubbles", t: "ok", n: 1 }]);
  }, 30_000);

  it("count the refusals on the operator's metrics port, and not on the public one", async () => {
    const scrape = async (server: Server) => {
      const response = await fetch(`http://127.0.0.1:${server.metricsPort}/metrics`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
      return response.text();
    };
    const value = (text: string, series: string) => {
      const line = text.split("\n").find((l) => l.startsWith(`${series} `));
      return line === undefined ? 0 : Number(line.slice(series.length + 1));
    };
    const [onA, onB] = [await scrape(a), await scrape(b)];
    const both = (series: string) => value(onA, series) + value(onB, series);
    expect(both('pointless_live_upgrades_refused_total{reason="rate"}')).toBe(refused.upgradesRate);
    expect(refused.upgradesRate).toBe(3);
    expect(both('pointless_bubbles_pops_refused_total{reason="rate"}')).toBe(refused.popsRate);
    expect(both('pointless_bubbles_pops_refused_total{reason="store"}')).toBe(refused.popsStore);
    for (const text of [onA, onB]) {
      expect(text).toMatch(/^pointless_store_call_seconds_bucket\{[^}]*store="redis"[^}]*\} \d+$/m);
      expect(value(text, "pointless_process_resident_memory_bytes")).toBeGreaterThan(0);
    }
    // The frozen store's calls met their deadline on the server that took the pops.
    expect(value(onA, 'pointless_store_timeouts_total{store="redis"}')).toBeGreaterThan(0);
    expect(onA).toMatch(/^pointless_store_call_seconds_count\{store="redis",outcome="timeout"\} [1-9]/m);

    // The public port has no metrics: an unknown path, the 404 page.
    const pub = await fetch(`${a.origin}/metrics`);
    expect(pub.status).toBe(404);
    expect(await pub.text()).not.toContain("pointless_");
  }, 20_000);
});
